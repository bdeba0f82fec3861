import { pathOf } from '@teamup/contracts/endpoint';
import { taskCommentEndpoints as endpoints, taskCommentView } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import type { CommentEndpoints } from '../../../components/comments/comment-api';
import { invalidateKanban, kanbanQueryKey } from './team-kanban';

/** Every page of one task's comments. */
export const taskCommentsQueryKey = (taskId: number) =>
  [...kanbanQueryKey, 'comments', taskId] as const;

/**
 * A task's comments: GET/POST /kanban/tasks/{id}/comments {comment} (oldest first, 4 per page),
 * PUT and DELETE /kanban/tasks/{id}/comments/{commentId} (the author only). A new or removed
 * comment changes the count on the card.
 */
export function taskCommentEndpoints(teamId: number, taskId: number): CommentEndpoints {
  return {
    queryKey: taskCommentsQueryKey(taskId),
    pageSize: Limits.taskCommentPageSize,
    listPath: pathOf(endpoints.list, { id: taskId }),
    itemPath: (commentId) => pathOf(endpoints.update, { id: taskId, commentId }),
    updateMethod: endpoints.update.method,
    view: taskCommentView,
    invalidateCounts: (queryClient) => invalidateKanban(queryClient, teamId),
  };
}
