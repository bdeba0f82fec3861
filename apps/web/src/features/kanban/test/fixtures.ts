import { vi } from 'vitest';
import type { Kanban, KanbanList, Task, TaskComment, TaskMember } from '@teamup/contracts/kanban';
import type { Page } from '@teamup/contracts/common';
import type { TeamMember } from '@teamup/contracts/teams';

/** The signed-in user of the kanban tests, and the leader of the team when it is not them. */
export const ME = 3;
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

export const ok = (data: unknown, status = 200) => Response.json({ data }, { status });
export const noContent = () => new Response(null, { status: 204 });
export const problem = (status: number, code: string, detail = code) =>
  Response.json({ type: 'about:blank', title: code, status, code, detail }, { status });

/** One call the stubbed server received. */
export interface ApiCall {
  method: string;
  /** The path without the query, e.g. /api/kanban/team/7. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | undefined;

/**
 * Replaces fetch with a scripted server signed in as ME; `handler` answers the rest (undefined
 * gives 404). Answers the calls made, JSON bodies parsed.
 */
export function stubApi(handler: Handler): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (call.path === '/api/auth/session') {
        return ok({
          authenticated: true,
          user: { id: ME, name: '김하늘', email: 'sky@example.com', profileImageUrl: null },
        });
      }
      return handler(call) ?? new Response(null, { status: 404 });
    }),
  );
  return calls;
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
