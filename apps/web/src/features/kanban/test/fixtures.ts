import type { Kanban, KanbanList, Task, TaskComment, TaskMember } from '@teamup/contracts/kanban';
import type { Page } from '@teamup/contracts/common';
import type { TeamMember } from '@teamup/contracts/teams';
import { testUser } from '../../../test/stub-api';

/** The signed-in user of the kanban tests, and the leader of the team when it is not them. */
export const ME = testUser.id;
export const OTHER = 9;

const at = '2026-03-01T05:00:00.000Z';

export function task(id: number, listId: number, overrides: Partial<Task> = {}): Task {
  return {
    id,
    kanbanListId: listId,
    subject: `카드 ${id}`,
    content: null,
    deadline: null,
    order: 0,
    isApproved: false,
    completionRequested: false,
    completionRequestMessage: null,
    completionRequesterId: null,
    approvalMessage: null,
    rejected: false,
    members: [],
    commentCount: 0,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function list(
  id: number,
  name: string,
  tasks: Task[],
  overrides: Partial<Pick<KanbanList, 'isDoneList'>> = {},
): KanbanList {
  return {
    id,
    kanbanListName: name,
    order: 0,
    isDoneList: false,
    ...overrides,
    tasks: tasks.map((item, order) => ({ ...item, order, kanbanListId: id })),
  };
}

/** A board of the given lists, their `order` set to their place. */
export function board(lists: KanbanList[], id = 1): Kanban {
  return { id, teamId: 7, kanbanLists: lists.map((item, order) => ({ ...item, order })) };
}

export function member(accountId: number, memberName = `팀원${accountId}`): TaskMember {
  return { accountId, memberName, profileImage: null };
}

export function teamMember(id: number, name: string): TeamMember {
  return {
    id,
    name,
    email: `user${id}@example.com`,
    profileImageUrl: null,
    mbti: null,
    age: null,
    disposition: null,
    introduction: null,
    preferWorkstyle: null,
    dislikeWorkstyle: null,
    portfolio: null,
    hashtags: [],
    deactivated: false,
    teamRole: id === OTHER ? 'LEADER' : 'MEMBER',
    joinedAt: at,
  };
}

export function comment(id: number, overrides: Partial<TaskComment> = {}): TaskComment {
  return {
    id,
    kanbanTaskId: 11,
    comment: `댓글 ${id}`,
    accountId: OTHER,
    authorName: '팀장님',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function page<T>(content: T[], pageNumber: number, total: number, size = 4): Page<T> {
  const totalPages = Math.max(1, Math.ceil(total / size));
  return {
    content,
    totalPages,
    totalElements: total,
    size,
    pageable: { pageNumber, pageSize: size },
    first: pageNumber === 0,
    last: pageNumber >= totalPages - 1,
  };
}

/** What jsdom lacks for these screens: FontFaceSet (autosizing text areas). */
export function installKanbanShims() {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
}
