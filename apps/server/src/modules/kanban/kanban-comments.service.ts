import { taskCommentView } from '@teamup/contracts/kanban';
import type { AppContext } from '../../context';
import { commentService } from '../comments/comments.service';
import { commentAuthorOnly } from './kanban.policy';
import { accessTask, boardChangedOfTask, commentNotFound, taskNotFound } from './kanban.service';

/** Comments on kanban tasks (spec 02: 4 a page, author-only edits) for anyone who sees the task. */
export const taskComments = commentService({
  kind: 'task',
  access: (ctx, userId, taskId, intent) =>
    accessTask(ctx, userId, taskId, { intent, area: 'KANBAN' }),
  notFound: commentNotFound,
  authorOnly: commentAuthorOnly,
  present: taskCommentView.toWire,
  // The board shows each task's comment count.
  afterCountChange: boardChangedOfTask,
});

/** A new comment; a `kanbanTaskId` echoed in the body must name the task of the path. */
export function createComment(
  ctx: AppContext,
  userId: number,
  taskId: number,
  input: { comment: string; kanbanTaskId?: number | undefined },
) {
  if (input.kanbanTaskId !== undefined && input.kanbanTaskId !== taskId) throw taskNotFound();
  return taskComments.create(ctx, userId, taskId, input.comment);
}
