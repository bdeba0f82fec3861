import {
  webhookEventLabels,
  WebhookHeaders,
  WebhookLimits,
  webhookMessages,
} from '@teamup/contracts/webhooks';

const toleranceMinutes = Math.round(WebhookLimits.toleranceSeconds / 60);

/**
 * The Korean texts of webhooks (issue 46): the workspace settings' 웹훅 tab (outgoing) and a chat
 * room's 수신 웹훅 (incoming). Imported by the features that show them, not through i18n/ko.ts.
 */
export const webhooksKo = {
  outgoing: {
    hint: '워크스페이스에서 고른 일이 생기면 TeamUp이 입력한 주소로 서명된 JSON을 POST로 보냅니다. 받는 서버가 2xx로 답하지 않으면 간격을 두고 다시 보냅니다.',
    empty:
      '아직 만든 웹훅이 없습니다. 다른 서비스에 워크스페이스 소식을 보내려면 웹훅을 추가하세요.',
    loading: '웹훅 목록을 불러오는 중...',
    loadFailed: '웹훅 목록을 불러오지 못했습니다.',
    add: '웹훅 추가',
    count: (count: number) => `${count} / ${WebhookLimits.outgoingPerWorkspace}개`,
    limit: webhookMessages.tooManyOutgoing,
    /** The on/off switch's accessible name (its state says whether it is on). */
    enabledLabel: (name: string) => `'${name}' 웹훅 사용`,
    off: '꺼짐',
    turnedOn: (name: string) => `'${name}' 웹훅을 켰습니다.`,
    turnedOff: (name: string) => `'${name}' 웹훅을 껐습니다. 켤 때까지 보내지 않습니다.`,
    status: { PENDING: '대기 중', DELIVERED: '성공', FAILED: '실패' },
    lastDelivery: (status: string, time: string) => `최근 전송 ${status} · ${time}`,
    noDelivery: '아직 보낸 적 없음',
    ping: '보내 보기',
    pinged: '테스트 이벤트(ping)를 보냈습니다. 전송 기록에서 결과를 확인하세요.',
    pingFailed: '테스트 이벤트를 보내지 못했습니다.',
    deliveries: '전송 기록',
    edit: '편집',
    delete: '삭제',
    /** A row's buttons, named with the webhook they act on. */
    actionOf: (name: string, action: string) => `'${name}' ${action}`,
    deleteTitle: '웹훅 삭제',
    deleteConfirm: (name: string) =>
      `'${name}' 웹훅을 삭제할까요? 전송 기록도 함께 지워지고, 대기 중인 전송은 보내지 않습니다.`,
    deleted: '웹훅을 삭제했습니다.',
    actionFailed: '웹훅을 바꾸지 못했습니다. 잠시 후 다시 시도해주세요.',
    form: {
      createTitle: '웹훅 추가',
      editTitle: '웹훅 편집',
      nameLabel: '이름',
      namePlaceholder: '예: 팀 슬랙 알림',
      urlLabel: '받을 주소 (URL)',
      urlPlaceholder: 'https://example.com/teamup-webhook',
      urlHint: '이 주소로 POST 요청을 보냅니다. https:// 주소를 쓰세요.',
      eventsLabel: '보낼 이벤트',
      events: webhookEventLabels,
      create: '만들기',
      save: '저장',
      created: (name: string) => `'${name}' 웹훅을 만들었습니다.`,
      saved: '웹훅을 저장했습니다.',
      done: '확인했습니다',
    },
    secret: {
      shownOnce:
        '서명 비밀 키는 지금 한 번만 보여 드립니다. 복사해 받는 서버에 안전하게 보관하세요.',
      label: '서명 비밀 키',
      copy: '비밀 키 복사',
      copied: '복사했습니다',
      verifyTitle: '받는 쪽에서 서명 확인하기',
      formula: `${WebhookHeaders.signature}: v1=hex(HMAC-SHA256(비밀 키, "{timestamp}.{요청 본문}"))`,
      verifySteps: [
        `${WebhookHeaders.timestamp} 헤더의 시각(유닉스 초)이 ${toleranceMinutes}분보다 오래됐으면 거절하세요. 가로챈 요청을 다시 보내는 공격을 막습니다.`,
        `"{timestamp}.{요청 본문}" 문자열을 이 비밀 키로 HMAC-SHA256 해 16진수로 만들고 앞에 "v1="을 붙이세요.`,
        `그 값이 ${WebhookHeaders.signature} 헤더와 같은지 비교하세요 (상수 시간 비교를 권장합니다).`,
        `이벤트 종류는 ${WebhookHeaders.event}, 전송 ID는 ${WebhookHeaders.delivery} 헤더에 있습니다. 같은 전송 ID가 다시 오면 한 번만 처리하세요.`,
      ],
    },
    log: {
      title: (name: string) => `'${name}' 전송 기록`,
      refresh: '새로고침',
      loading: '전송 기록을 불러오는 중...',
      empty: '아직 전송 기록이 없습니다. "보내 보기"로 테스트 이벤트를 보내 보세요.',
      loadFailed: '전송 기록을 불러오지 못했습니다.',
      latest: `최근 ${WebhookLimits.deliveryLogSize}건까지 최신순으로 보여 드립니다.`,
      ping: '테스트 (ping)',
      attempts: (count: number) => `시도 ${count}회`,
      response: (status: number) => `응답 ${status}`,
      noResponse: '응답 없음',
      createdAt: (time: string) => `${time} 발생`,
      lastAttempt: (time: string) => `마지막 시도 ${time}`,
      nextAttempt: (time: string) => `다음 시도 ${time}`,
    },
  },
  incoming: {
    /** The chat room header's button (its accessible name). */
    button: '웹훅',
    title: '수신 웹훅',
    hint: '다른 서비스가 웹훅 주소로 JSON을 POST하면 그 text가 봇 이름으로 이 채팅방에 올라옵니다. Slack 수신 웹훅과 같은 형식이라 Slack용 연동을 그대로 쓸 수 있습니다.',
    warning:
      '주소를 아는 사람은 누구나 이 채팅방에 글을 올릴 수 있습니다. 비밀번호처럼 보관하세요.',
    loading: '수신 웹훅을 불러오는 중...',
    loadFailed: '수신 웹훅 목록을 불러오지 못했습니다.',
    empty: '아직 만든 수신 웹훅이 없습니다.',
    nameLabel: '봇 이름',
    namePlaceholder: '예: 배포 알림',
    nameHint: '이 웹훅으로 올라온 메시지의 보낸 사람 이름입니다.',
    create: '웹훅 만들기',
    created: (name: string) => `'${name}' 수신 웹훅을 만들었습니다.`,
    limit: webhookMessages.tooManyIncoming,
    count: (count: number) => `${count} / ${WebhookLimits.incomingPerRoom}개`,
    shownOnce: '이 주소는 지금 한 번만 보여 드립니다. 복사해 안전한 곳에 보관하세요.',
    urlLabel: '웹훅 주소',
    copy: '주소 복사',
    copied: '복사했습니다',
    exampleLabel: '이렇게 보내 보세요',
    example: (url: string) =>
      `curl -X POST -H 'Content-Type: application/json' -d '{"text":"안녕하세요"}' ${url}`,
    copyExample: '예시 복사',
    createdBy: (name: string) => `만든 사람 ${name}`,
    createdAt: (date: string) => `${date} 생성`,
    lastUsed: (time: string) => `마지막 사용 ${time}`,
    neverUsed: '아직 사용하지 않음',
    delete: '삭제',
    deleteOf: (name: string) => `'${name}' 삭제`,
    deleteTitle: '수신 웹훅 삭제',
    deleteConfirm: (name: string) =>
      `'${name}' 웹훅을 삭제할까요? 이 주소로 보내는 요청은 바로 거절됩니다.`,
    deleted: '수신 웹훅을 삭제했습니다.',
    actionFailed: '수신 웹훅을 바꾸지 못했습니다. 잠시 후 다시 시도해주세요.',
  },
} as const;
