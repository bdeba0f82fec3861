import { recurrenceKo } from './recurrence';

/**
 * The Korean texts of the calendar tab (spec 02 sections 2, 5, 8), imported by the features that
 * show them (not through i18n/ko.ts, so the login page does not load them). Validation and failure
 * texts of schedules are the contract's ScheduleMessages (@teamup/contracts/schedules) and are not
 * repeated here.
 */
export const calendarKo = {
  recurrence: recurrenceKo,
  monthTitle: (year: number, month: number) => `${year}년 ${month}월`,
  gridLabel: (year: number, month: number) => `${year}년 ${month}월 달력`,
  previousMonth: '이전 달',
  nextMonth: '다음 달',
  today: '오늘',
  add: '일정 추가',
  viewLabel: '보기 방식',
  views: { month: '달력', list: '목록' },
  listLabel: '전체 일정',
  listEmpty: '등록된 일정이 없습니다.',
  /** Sunday first, as Korean calendars are. */
  weekdays: ['일', '월', '화', '수', '목', '금', '토'],
  /** dayjs formats. */
  dayFormat: 'YYYY년 M월 D일 dddd',
  dateTimeFormat: 'YYYY년 M월 D일 (dd) A h:mm',
  timeFormat: 'A h:mm',
  dateFormat: 'YYYY년 M월 D일 (dd)',
  /** An all-day event's time. */
  allDay: '종일',
  cellLabel: (day: string, count: number, today: boolean) =>
    `${day}${today ? ', 오늘' : ''}${count > 0 ? `, 일정 ${count}개` : ''}`,
  /** A phone's day cell shows how many events the day has. */
  narrowCount: (count: number) => `${count}건`,
  keyboardHint: '화살표 키로 날짜를 옮기고 Enter로 일정을 추가합니다.',
  more: (count: number) => `+${count}`,
  /** Starts with the '+N' it shows (WCAG 2.5.3): '+2개' would read as another word. */
  moreLabel: (day: string, count: number) => `+${count} ${day} 일정 더 보기`,
  eventLabel: (title: string, type: string, range: string) => `${title} (${type}, ${range})`,
  emptyHint: '날짜를 눌러 일정을 추가해보세요',
  retry: '다시 시도',
  legendLabel: '일정 종류',
  types: {
    MEETING: '회의',
    DEADLINE: '마감',
    WORKSHOP: '워크숍',
    VACATION: '휴가',
    OTHER: '기타',
  },
  dayEmpty: '이 날에는 일정이 없습니다.',
  addOnDay: '이 날에 일정 추가',
  addOnDayLabel: (day: string) => `${day}에 일정 추가`,
  dayCount: (count: number) => `일정 ${count}개`,
  form: {
    createTitle: '새 일정',
    editTitle: '일정 수정',
    title: '일정 제목',
    titlePlaceholder: '예: 주간 회의',
    type: '종류',
    start: '시작',
    end: '종료',
    /** A deadline has one moment, its start: it is named so. */
    deadlineAt: '마감 일시',
    allDay: '종일',
    day: '날짜',
    description: '설명',
    descriptionPlaceholder: '장소, 준비물 등 메모를 남겨주세요 (선택)',
    submit: '등록',
    save: '저장',
    /** Reminders to the team before the start (issue 44). */
    reminders: '알림',
    remindersHint: '팀원 모두에게 시작 전에 알려드립니다. 여러 개를 고를 수 있습니다.',
    reminderOptions: {
      0: '시작 시각',
      5: '5분 전',
      10: '10분 전',
      30: '30분 전',
      60: '1시간 전',
      1440: '1일 전',
    },
  },
  detail: {
    time: '시간',
    description: '설명',
    noDescription: '설명이 없습니다.',
    creator: '작성자',
    edit: '수정',
    delete: '삭제',
  },
  created: '일정이 등록되었습니다.',
  updated: '일정이 수정되었습니다.',
  deleted: '일정이 삭제되었습니다.',
  createFailed: '일정 등록에 실패했습니다',
  updateFailed: '일정 수정에 실패했습니다',
  deleteFailed: '일정 삭제에 실패했습니다',
  deleteTitle: '일정 삭제',
  deleteConfirm: (title: string) => `'${title}' 일정을 삭제할까요? 되돌릴 수 없습니다.`,
} as const;
