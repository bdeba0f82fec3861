import type { NotificationKind } from '@teamup/contracts/notifications';

/**
 * Web push (issue 43): the texts of the notices the service worker shows and of "이 기기에서 알림
 * 받기" in the notification settings. A file of its own because the service worker imports it
 * and should not carry every other screen's strings.
 */
export const pushKo = {
  /** The notice's title: what it is about, short (the app's name shows beside it). */
  titles: {
    CHAT_MESSAGE: '새 채팅 메시지',
    MENTION: '나를 언급한 메시지',
    TASK_ASSIGNED: '작업 담당자 지정',
    COMPLETION_REQUESTED: '완료 승인 요청',
    COMPLETION_APPROVED: '완료 승인',
    COMPLETION_REJECTED: '완료 반려',
    ANNOUNCEMENT: '새 공지사항',
    SCHEDULE: '일정 알림',
    TEAM_JOINED: '팀원 참여',
    REMOVED_FROM_WORKSPACE: '워크스페이스 알림',
    FORMATION_RESULT: '팀 구성 결과',
    FORMATION_VOTE: '팀 구성 투표',
    COMMENT: '새 댓글',
    WORKSPACE_JOINED: '새 멤버 참여',
    TASK_DUE_SOON: '마감 임박',
    OVERDUE_DIGEST: '기한 지난 카드',
    SCHEDULE_REMINDER: '곧 시작하는 일정',
    EVALUATION: '동료 평가',
    CLASS_NUDGE: '교수자·조교의 알림',
    DATA_EXPORT: '데이터 내보내기',
  } satisfies Record<NotificationKind, string>,
  /** A folded chat notice: how many messages it stands for. */
  chatCount: (count: number) => `새 메시지 ${count}개`,
  /** A push whose content could not be read: still a notice (the browser requires one). */
  genericTitle: 'TeamUp',
  genericBody: '새 알림이 있습니다. 눌러서 확인하세요.',
  /** The settings' switch and device list. */
  settings: {
    title: '이 기기에서 알림 받기',
    hint: '앱을 닫아 두어도 이 브라우저로 푸시 알림을 받습니다.',
    loading: '이 기기의 알림 설정을 확인하는 중입니다...',
    unsupported: '이 브라우저는 푸시 알림을 지원하지 않습니다.',
    noServiceWorker:
      '서비스 워커가 등록되지 않아 푸시 알림을 켤 수 없습니다. (개발 모드에서는 사용할 수 없습니다.)',
    denied:
      '브라우저에서 알림 권한이 거부되었습니다. 브라우저 설정에서 이 사이트의 알림을 허용해주세요.',
    subscribeFailed: '이 기기에서 알림을 켜지 못했습니다. 잠시 후 다시 시도해주세요.',
    unsubscribeFailed: '이 기기의 알림을 끄지 못했습니다. 잠시 후 다시 시도해주세요.',
    turnedOn: '이 기기에서 알림을 받습니다.',
    turnedOff: '이 기기에서 더 이상 알림을 받지 않습니다.',
    devicesTitle: '알림을 받는 기기',
    devicesEmpty: '알림을 받는 기기가 없습니다.',
    devicesFailed: '기기 목록을 불러오지 못했습니다.',
    unknownDevice: '알 수 없는 기기',
    thisDevice: '이 기기',
    createdAt: (date: string) => `${date} 등록`,
    remove: '삭제',
    removeLabel: (device: string) => `${device} 알림 받기 해제`,
    removed: '기기를 목록에서 삭제했습니다.',
    removeFailed: '기기를 삭제하지 못했습니다.',
  },
};
