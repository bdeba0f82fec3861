import { pushKo } from './push';

/**
 * The Korean texts of notifications (with push and delivery), imported by the features that show
 * them (not through i18n/ko.ts, so the login page does not load them).
 */
export const notificationsKo = {
  title: '알림',
  markAllRead: '모두 읽음',
  settings: '알림 설정',
  view: '보기',
  read: '읽음',
  unreadLabel: '읽지 않음',
  empty: '새 알림이 없습니다.',
  emptyHint: '팀 활동, 채팅 멘션, 작업 승인 요청이 여기에 모입니다.',
  loadFailed: '알림을 불러오지 못했습니다.',
  retry: '다시 시도',
  bell: (count: number) => (count > 0 ? `알림 ${count}개 읽지 않음` : '알림'),
  /** The bell's quick list of the latest notifications. */
  popover: {
    label: '최근 알림',
    unread: (count: number) => (count > 0 ? `읽지 않음 ${count}개` : '모두 읽었습니다'),
    viewAll: '모두 보기',
    empty: '아직 받은 알림이 없습니다.',
    open: (message: string, read: boolean) => (read ? message : `읽지 않음: ${message}`),
  },
  allRead: '모든 알림을 읽음으로 표시했습니다.',
  actionFailed: '알림을 처리하지 못했습니다.',
  browserToggle: '메신저 알림 (브라우저 알림)',
  browserHint: '이 탭이 보이지 않을 때 새 알림을 브라우저 알림으로 띄웁니다.',
  browserDenied: '브라우저에서 알림 권한이 거부되었습니다. 브라우저 설정에서 허용해주세요.',
  browserUnsupported: '이 브라우저는 알림을 지원하지 않습니다.',
  kindsTitle: '받을 알림',
  kinds: {
    CHAT_MESSAGE: '채팅 메시지',
    MENTION: '채팅에서 나를 언급',
    TASK_ASSIGNED: '작업 담당자 지정',
    COMPLETION_REQUESTED: '완료 승인 요청 (팀장)',
    COMPLETION_APPROVED: '완료 승인',
    COMPLETION_REJECTED: '완료 반려',
    ANNOUNCEMENT: '새 공지사항',
    SCHEDULE: '일정 추가·변경',
    TEAM_JOINED: '팀원 참여',
    REMOVED_FROM_WORKSPACE: '워크스페이스에서 내보내짐·차단',
    FORMATION_RESULT: '팀 구성 결과',
    FORMATION_VOTE: '팀 구성 투표 시작·마감 알림',
    COMMENT: '내 글·작업의 댓글, 댓글에서 나를 언급',
    WORKSPACE_JOINED: '워크스페이스 새 멤버 참여 (소유자·관리자)',
    TASK_DUE_SOON: '내 작업 마감 임박',
    OVERDUE_DIGEST: '기한 지난 카드 아침 요약 (팀장)',
    SCHEDULE_REMINDER: '일정 시작 전 알림',
    EVALUATION: '동료 평가 시작·마감 임박·결과 공개',
    CLASS_NUDGE: '교수자·조교의 알림 (수업)',
    DATA_EXPORT: '데이터 내보내기',
  },
  preferencesFailed: '알림 설정을 저장하지 못했습니다.',
  /** How notifications reach the person while away (issue 43): digest mail, quiet hours. */
  delivery: {
    title: '자리에 없을 때',
    hint: '알림 목록과 종 모양 아이콘은 이 설정과 관계없이 항상 채워집니다.',
    digest: '읽지 않은 멘션·DM·리마인더 메일 요약',
    digests: {
      OFF: '받지 않음',
      AFTER_15_MIN: '15분 동안 접속하지 않으면',
      AFTER_1_HOUR: '1시간 동안 접속하지 않으면',
      DAILY_9AM: '매일 오전 9시에 한 번',
    },
    quiet: '방해금지 시간',
    quietHint:
      '이 시간에는 푸시와 메일을 보내지 않고, 끝난 뒤 아직 읽지 않은 것만 한 번에 알려드립니다.',
    quietStart: '시작',
    quietEnd: '끝',
    allowMentions: '나를 언급한 메시지는 방해금지 중에도 알림',
    timeZone: '시간대',
    timeZoneNone: '찾는 시간대가 없습니다.',
    save: '저장',
    saved: '알림 전달 설정을 저장했습니다.',
    saveFailed: '알림 전달 설정을 저장하지 못했습니다.',
    incomplete: '방해금지 시작과 끝 시각을 모두 입력해주세요.',
    /** Reminders before a card's deadline (issue 44). */
    taskReminders: '담당 작업 마감 전 알림',
    taskRemindersHint: '날짜만 정한 마감은 그날 자정(한국 시간)이 마감 시각입니다.',
    taskReminderOffsets: { '24H': '24시간 전', '1H': '1시간 전' },
    taskRemindersOff: '받지 않음',
    /** The page a digest mail's unsubscribe link opens. */
    unsubscribe: {
      title: '메일 요약 수신 거부',
      working: '메일 요약 수신을 중단하는 중입니다...',
      done: '이제 읽지 않은 알림 메일 요약을 보내지 않습니다.',
      doneHint: '알림 설정에서 언제든 다시 켤 수 있습니다.',
      failed: '메일 요약 수신을 중단하지 못했습니다.',
      settings: '알림 설정으로',
      retry: '다시 시도',
    },
  },
  /** Web push (issue 43): "이 기기에서 알림 받기" and the service worker's notices. */
  push: pushKo,
};
