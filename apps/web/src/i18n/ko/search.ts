/**
 * The Korean texts of workspace search, imported by the features that show them (not through
 * i18n/ko.ts, so the login page does not load them).
 */
export const searchKo = {
  open: '검색',
  shortcut: 'Ctrl K',
  /** The top bar's button: what it shows (the shortcut on wide screens), WCAG 2.5.3. */
  openLabel: '검색 Ctrl K',
  title: '워크스페이스 검색',
  inputLabel: '검색어',
  placeholder: '메시지, 게시글, 할 일, 일정, 파일, 사람, 팀 검색',
  prompt: '찾고 싶은 단어를 입력하세요. 초성(ㄱㅁㅈ)으로 사람과 팀도 찾을 수 있어요.',
  /** How to search a phrase and one room (prepareTerms on the server). */
  syntax:
    '"주간 회의록"처럼 따옴표로 묶으면 붙어 있는 구절을, in:방이름을 붙이면 그 채팅방만 찾아요.',
  loading: '검색하는 중',
  empty: (query: string) => `'${query}'에 대한 검색 결과가 없습니다.`,
  failed: '검색하지 못했습니다. 잠시 후 다시 시도해주세요.',
  more: '결과 더 보기',
  all: '전체',
  results: '검색 결과',
  noWorkspace: '워크스페이스를 먼저 선택해주세요.',
  /** The server stopped at its budget (decision 0033): what is shown is the newest part. */
  partial: '결과가 많아 일부만 표시합니다. 검색어를 더 구체적으로 입력해 보세요.',
  kinds: {
    message: '메시지',
    announcement: '공지',
    post: '게시글',
    comment: '댓글',
    task: '할 일',
    schedule: '일정',
    file: '파일',
    person: '사람',
    team: '팀',
    room: '채팅방',
  },
  /** A kind's count; `capped`: there are more than it (SearchLimits.countCap), "1,000+건". */
  countOf: (label: string, count: number, capped = false) =>
    `${label} ${count.toLocaleString('ko-KR')}${capped ? '+' : ''}건`,
  switcher: {
    label: '바로 가기',
    rooms: '최근 채팅방',
    teams: '팀',
    people: '사람',
    dm: '1:1 대화',
    group: (count: number) => `그룹 · ${count}명`,
    hint: '↑↓로 고르고 Enter로 이동하세요. 입력하면 워크스페이스 전체를 검색합니다.',
  },
  filters: {
    toggle: '필터',
    toggleWithCount: (count: number) => `필터 ${count}개 적용`,
    clear: '필터 지우기',
    team: '팀',
    anyTeam: '모든 팀',
    person: '작성자',
    anyone: '모든 사람',
    from: '시작 날짜',
    to: '끝 날짜',
    room: '채팅방',
    anyRoom: '모든 채팅방',
    reversed: '시작 날짜가 끝 날짜보다 늦을 수 없습니다.',
  },
} as const;
