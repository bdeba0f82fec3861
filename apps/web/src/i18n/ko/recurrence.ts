/** The Korean texts of recurring events, holidays and the scope dialog (part of `ko.calendar`). */
export const recurrenceKo = {
  repeat: '반복',
  kinds: {
    NONE: '안 함',
    DAILY: '매일',
    WEEKLY: '매주',
    EVERY_N_WEEKS: 'N주마다',
    MONTHLY: '매월',
  },
  weeks: '몇 주마다',
  weeksSuffix: '주마다',
  weekdays: '요일',
  weekdayNames: { SU: '일', MO: '월', TU: '화', WE: '수', TH: '목', FR: '금', SA: '토' },
  weekdayLabel: (name: string) => `${name}요일`,
  end: '종료',
  ends: { NEVER: '계속 반복', UNTIL: '날짜까지', COUNT: '횟수' },
  until: '종료 날짜',
  count: '반복 횟수',
  countSuffix: '회',
  /** The end day of a multi-day all-day event. */
  lastDay: '종료일',
  firstDay: '시작일',
  /** Shown beside a recurring event in the detail. */
  repeats: '반복 일정',
  scope: {
    editTitle: '반복 일정 수정',
    deleteTitle: '반복 일정 삭제',
    question: '어느 일정에 적용할까요?',
    THIS: '이 일정만',
    FOLLOWING: '이 일정과 이후 일정',
    ALL: '모든 일정',
    confirmEdit: '저장',
    confirmDelete: '삭제',
  },
  holidayLabel: (names: string) => `공휴일: ${names}`,
} as const;
