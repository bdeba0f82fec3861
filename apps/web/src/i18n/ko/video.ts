/**
 * The Korean texts of video meetings (spec 02 "Video meeting screen"), imported by the features
 * that show them (not through i18n/ko.ts, so the login page does not load them); contract texts
 * come from VideoMessages.
 */
export const videoKo = {
  pageTitle: (name: string) => `화상 회의: ${name}`,
  waitingRoom: '회의실 정보를 확인하고 있습니다...',
  invalidRoom: '회의실 정보가 올바르지 않습니다. 왼쪽 목록에서 회의실을 선택해주세요.',
  waitingUser: '사용자 정보를 확인하고 있습니다...',
  joining: '회의에 참가하는 중...',
  joinFailed: '회의에 참가하지 못했습니다.',
  /** A meeting that cannot be shown (stale link, deleted room, failed join). */
  unavailable: {
    invalidLink: '회의실 링크가 올바르지 않습니다.',
    goneHint:
      '회의실이 삭제되었거나 오래된 링크일 수 있습니다. 왼쪽 목록에서 진행 중인 회의실을 선택해주세요.',
    retryHint: '네트워크 상태를 확인한 뒤 다시 시도해주세요.',
    retry: '다시 시도',
  },
  /** The same account broadcasting from another tab or device. */
  broadcastingElsewhere: '다른 탭/기기에서 방송 중',
  stageElsewhere: '내 계정이 다른 탭이나 기기에서 방송하고 있습니다.',
  stageElsewhereHint: '이 탭에서 카메라나 화면 공유를 켜면 이 탭에서 방송합니다.',
  selfView: '내 카메라 미리보기',
  devices: {
    open: '장치 설정',
    title: '장치 설정',
    camera: '카메라',
    microphone: '마이크',
    speaker: '스피커',
    systemDefault: '기본 장치',
    unnamed: (kind: string, index: number) => `${kind} ${index}`,
    none: '찾은 장치가 없습니다',
    labelsHidden: '장치 이름은 카메라나 마이크 사용을 허용한 뒤에 보입니다.',
    speakerUnsupported: '이 브라우저에서는 스피커를 고를 수 없습니다. 시스템 설정을 이용해주세요.',
    switchFailed: '선택한 장치로 바꾸지 못했습니다.',
    close: '닫기',
  },
  /** The camera and microphone check before joining (issue 41). */
  preJoin: {
    title: (room: string) => (room ? `참여 전 확인: ${room}` : '참여 전 확인'),
    hint: '카메라와 마이크는 켜고 참여하거나 참여한 뒤 직접 켤 때에만 다른 참가자에게 보이고 들립니다.',
    discussionHint:
      '회의 모드에서는 모두가 서로 보고 들을 수 있습니다. 마이크를 끄고 참여하려면 위 스위치를 끄세요.',
    joinWithCamera: '카메라 켜고 참여',
    joinWithMic: '마이크 켜고 참여',
    preview: '내 카메라 미리보기',
    camera: '카메라',
    microphone: '마이크',
    checking: '확인 중...',
    cameraOk: '정상',
    micHeard: '소리가 들립니다',
    micSilent: '말해 보세요. 소리가 아직 들리지 않습니다',
    unavailable: '사용할 수 없음',
    level: '마이크 입력 수준',
    noDevices:
      '카메라나 마이크를 쓸 수 없습니다. 브라우저의 권한을 확인해주세요. 참여해서 보고 들을 수는 있습니다.',
    join: '참여하기',
    cancel: '돌아가기',
  },
  backToWorkspace: '워크스페이스로 돌아가기',
  stageEmpty: '아직 아무도 방송하고 있지 않습니다. 카메라나 화면 공유를 켜 보세요.',
  stageRemote: (name: string) => `${name} 님의 화면`,
  stageOwnScreen: '내 화면 공유',
  stageOwnCamera: '내 카메라',
  participants: (count: number) => `참가자 ${count}명`,
  me: '나',
  broadcasting: '방송 중',
  cameraOffImage: '카메라 꺼짐',
  controls: '회의 조작',
  micOn: '마이크 켜기',
  micOff: '마이크 끄기',
  /** A participant's microphone in the list: on (sent to the room) or off. */
  micLive: '마이크 켜짐',
  micMuted: '마이크 꺼짐',
  unmuteSound: '소리 켜기',
  cameraOn: '카메라 켜기',
  cameraOff: '카메라 끄기',
  shareOn: '화면 공유',
  shareOff: '화면 공유 중지',
  chatShow: '채팅 보기',
  chatHide: '채팅 숨기기',
  leave: '회의 나가기',
  removeParticipant: (name: string) => `${name} 님을 회의에서 내보내기`,
  removeConfirm: (name: string) => `${name} 님을 회의에서 내보낼까요?`,
  removeFailed: '참가자를 내보내지 못했습니다.',
  removeAction: '내보내기',
  removedNotice: '회의에서 내보내졌습니다.',
  deletedNotice: '회의실이 삭제되었습니다.',
  chatTitle: '회의 채팅',
  chatEmpty: '아직 메시지가 없습니다.',
  chatPlaceholder: '메시지를 입력하고 Enter',
  chatSend: '보내기',
  chatOffline: '채팅 서버에 연결하는 중입니다...',
  alerts: {
    someoneBroadcasting: '다른 참가자가 이미 방송 중입니다. 방송이 끝난 뒤 다시 시도해주세요.',
    notSharingCamera: '현재 카메라를 공유하고 있지 않습니다.',
    notSharingScreen: '현재 화면을 공유하고 있지 않습니다.',
    deviceDenied: '카메라나 마이크를 사용할 수 없습니다. 브라우저의 권한 설정을 확인해주세요.',
    screenDenied: '화면 공유를 시작하지 못했습니다.',
    publishFailed: '방송을 시작하지 못했습니다. 연결 상태를 확인한 뒤 다시 시도해주세요.',
  },
  diagnostics: {
    title: '연결 진단',
    insecure:
      '보안 연결(https/wss)이 아닌 서버입니다. 브라우저가 카메라와 화면 공유를 막을 수 있습니다.',
    firewall:
      '상대와 미디어를 주고받지 못했습니다. 방화벽에서 WebRTC 포트(UDP, TURN 3478/443)가 열려 있어야 합니다.',
    noTcp:
      'TCP로 연결할 ICE(TURN) 서버가 설정되어 있지 않습니다. UDP가 막힌 네트워크에서는 연결되지 않을 수 있습니다.',
    noPublicUdp:
      '공인 IPv4 UDP 후보를 찾지 못했습니다. NAT나 방화벽 뒤에서는 다른 네트워크의 참가자와 연결되지 않을 수 있습니다.',
    candidateError: (detail: string) => `ICE 후보를 모으는 중 오류가 발생했습니다: ${detail}`,
    socketTimeout:
      '실시간 연결 서버에 15초 안에 연결하지 못했습니다. 네트워크 상태를 확인해주세요.',
  },
  /** A meeting's mode (issue 47): the spec's one broadcaster, or everyone seeing each other. */
  modes: {
    label: '회의 방식',
    PRESENTATION: '발표 모드',
    DISCUSSION: '회의 모드',
    presentationHint: '한 번에 한 사람만 카메라·마이크·화면을 켭니다. 강의나 발표에 알맞습니다.',
    discussionHint: (limit: number | null) =>
      limit === null
        ? '모두가 카메라와 마이크를 켜고 서로 보며 이야기합니다.'
        : `모두가 카메라와 마이크를 켜고 서로 보며 이야기합니다. 동시에 최대 ${limit}명까지 켤 수 있습니다.`,
    discussionCreateHint: (limit: number) =>
      `모두가 카메라와 마이크를 켜고 서로 보며 이야기합니다. 미디어 서버(LiveKit)가 없으면 동시에 최대 ${limit}명까지 켤 수 있습니다.`,
    change: (name: string) => `${name} 회의 방식 바꾸기`,
    current: ' (현재)',
    changed: (mode: string) => `회의 방식을 ${mode}로 바꿨습니다.`,
    changeFailed: '회의 방식을 바꾸지 못했습니다.',
    lockedWhileInUse:
      '회의가 진행 중일 때는 회의 방식을 바꿀 수 없습니다. 모두 나간 뒤에 바꿔주세요.',
    publishers: (count: number, limit: number) => `카메라·마이크 ${count}/${limit}명`,
  },
  /** The discussion mode's gallery and speaker view. */
  gallery: {
    layout: '화면 배치',
    grid: '갤러리',
    speaker: '발표자 보기',
    tile: (name: string) => `${name} 님의 영상`,
    selfTile: '내 영상',
    you: (name: string) => `${name} (나)`,
    screenOf: (name: string) => `${name} 님의 화면 공유`,
    speaking: '말하는 중',
    cameraOff: '카메라 꺼짐',
    micOff: '마이크 꺼짐',
    alone: '아직 다른 참가자가 없습니다. 회의실 링크를 공유해 보세요.',
  },
  rooms: {
    failed: '화상 회의 목록을 불러오지 못했습니다.',
    participantCount: (count: number) => `${count}명 참여 중`,
    delete: (name: string) => `${name} 회의실 삭제`,
    deleteConfirm: (name: string) =>
      `'${name}' 회의실을 삭제할까요? 참여 중인 사람은 모두 나가게 됩니다.`,
    deleteFailed: '회의실을 삭제하지 못했습니다.',
    deleted: '회의실을 삭제했습니다.',
    deleteAction: '삭제',
  },
  create: {
    title: '새 화상 회의실',
    name: '회의실 이름',
    namePlaceholder: '예: 주간 스탠드업',
    team: '팀 (선택)',
    teamNone: '워크스페이스 전체',
    submit: '만들기',
    cancel: '취소',
    errorPrefix: '오류: ',
  },
} as const;
