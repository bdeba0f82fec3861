import type { MyTaskGroup } from '@teamup/contracts/my-tasks';

/** The Korean texts of "내 할 일" (issue 44; part of `ko`, i18n/ko.ts). */
export const myTasksKo = {
  title: '내 할 일',
  subtitle: '내가 맡은 모든 팀의 카드를 마감일 순으로 모아 봅니다.',
  sidePanelLink: '내 할 일',
  countLabel: (open: number, overdue: number) =>
    overdue > 0 ? `남은 할 일 ${open}개, 기한 지남 ${overdue}개` : `남은 할 일 ${open}개`,
  groups: {
    OVERDUE: '기한 지남',
    TODAY: '오늘',
    THIS_WEEK: '이번 주',
    LATER: '나중에',
    NO_DATE: '기한 없음',
  } satisfies Record<MyTaskGroup, string>,
  groupCount: (count: number) => `${count}개`,
  filters: {
    label: '필터',
    group: '기한',
    allGroups: '전체 기한',
    workspace: '워크스페이스',
    allWorkspaces: '모든 워크스페이스',
    includeDone: '완료된 카드도 보기',
  },
  status: {
    done: '완료',
    approved: '승인됨',
    requested: '승인 대기',
    rejected: '반려됨',
  },
  noDeadline: '기한 없음',
  loading: '내 할 일을 불러오는 중...',
  loadFailed: '내 할 일을 불러오지 못했습니다.',
  retry: '다시 시도',
  empty: '맡은 할 일이 없습니다.',
  emptyHint: '팀 칸반 보드에서 카드의 담당자로 지정되면 여기에 모입니다.',
  emptyFiltered: '조건에 맞는 할 일이 없습니다.',
  open: (subject: string, team: string) => `${team}의 '${subject}' 카드 열기`,
} as const;
