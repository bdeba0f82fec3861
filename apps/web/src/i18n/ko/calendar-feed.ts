/** The Korean texts of the calendar feed settings (issue 44; part of `ko`, i18n/ko.ts). */
export const calendarFeedKo = {
  title: '캘린더 구독',
  hint: 'Google 캘린더나 Apple 캘린더에서 이 주소를 구독하면 참여 중인 팀의 일정과 내가 맡은 카드의 마감일이 표시됩니다.',
  secretWarning: '주소를 아는 사람은 누구나 일정을 볼 수 있으니 다른 사람과 공유하지 마세요.',
  none: '아직 구독 주소가 없습니다.',
  active: (date: string) => `${date}에 만든 구독 주소를 사용 중입니다.`,
  shownOnce:
    '이 주소는 지금 한 번만 보여 드립니다. 복사해 캘린더 앱에 붙여 넣으세요. 잃어버리면 재발급하세요.',
  urlLabel: '구독 주소',
  copy: '주소 복사',
  copied: '복사했습니다',
  openInApp: '캘린더 앱에서 열기',
  create: '구독 주소 만들기',
  reissue: '재발급',
  reissueHint: '재발급하면 이전 주소는 더 이상 동작하지 않습니다.',
  revoke: '해지',
  revoked: '캘린더 구독을 해지했습니다. 이전 주소는 더 이상 동작하지 않습니다.',
  loadFailed: '캘린더 구독 상태를 불러오지 못했습니다.',
  exportEvent: '캘린더 파일(.ics)로 저장',
  exportFailed: '캘린더 파일을 만들지 못했습니다.',
  actionFailed: '캘린더 구독 주소를 바꾸지 못했습니다. 잠시 후 다시 시도해주세요.',
} as const;
