import { teamsQueryKey } from './workspace-teams';

/*
 * The query keys the features' live handlers invalidate, in a module of their own: the API
 * modules that own these queries import the contracts' endpoint tables, whose zod schemas would
 * otherwise load (and run) with the live handlers right after the first screen, although an
 * invalidation needs only the key. Each API module re-exports its keys from here.
 */

export const announcementsQueryKey = (workspaceId: number, teamId: number) =>
  ['board', 'announcements', workspaceId, teamId] as const;
export const postCommentsQueryKey = (postId: number) => ['board', 'comments', postId] as const;
export const postQueryKey = (postId: number) => ['board', 'post', postId] as const;
export const postListsQueryKey = ['board', 'posts'] as const;

export const teamQueryKey = (teamId: number) => [...teamsQueryKey, 'detail', teamId] as const;
export const teamMembersQueryKey = (teamId: number) =>
  [...teamQueryKey(teamId), 'members'] as const;

export const kanbanQueryKey = ['kanban'] as const;
export const teamKanbanQueryKey = (teamId: number) => [...kanbanQueryKey, 'team', teamId] as const;

/** Every query of "내 할 일" (the list's pages and the side panel's count). */
export const myTasksQueryKey = ['my-tasks'] as const;

export const schedulesQueryKey = (teamId: number) => ['schedules', teamId] as const;

export const freeTimeQueryKey = (teamId: number) => ['free-time', teamId] as const;
