import { toPage, type Page, type PageQuery } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { KanbanMessages as M, type TaskComment } from '@teamup/contracts/kanban';
import type { AppContext } from '../../context';
import { forbidden } from '../../platform/errors/app-error';
import * as repo from './kanban.repo';

import { accessTask, commentNotFound, taskNotFound } from './kanban.service';

/** Comments on kanban tasks (spec 02: 4 a page, author-only edits). */

function presentComment(row: { comment: repo.CommentRow; authorName: string }): TaskComment {
  return {
    id: row.comment.id,
    kanbanTaskId: row.comment.taskId,
    comment: row.comment.content,
    accountId: row.comment.authorId,
    authorName: row.authorName,
    createdAt: row.comment.createdAt.toISOString(),
    updatedAt: row.comment.updatedAt.toISOString(),
  };
}

export async function listComments(
  ctx: AppContext,
  userId: number,
  taskId: number,
  query: PageQuery,
): Promise<Page<TaskComment>> {
  await accessTask(ctx, userId, taskId);
  const { rows, total } = await repo.listComments(ctx.database.db, taskId, {
    offset: query.page * query.size,
    limit: query.size,
  });
  return toPage(rows.map(presentComment), total, query);
}

export async function createComment(
  ctx: AppContext,
  userId: number,
  taskId: number,
  input: { comment: string; kanbanTaskId?: number | undefined },
): Promise<TaskComment> {
  if (input.kanbanTaskId !== undefined && input.kanbanTaskId !== taskId) throw taskNotFound();
  await accessTask(ctx, userId, taskId);
  const id = await repo.insertComment(ctx.database.db, {
    taskId,
    authorId: userId,
    content: input.comment,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
  });
  const row = await repo.findComment(ctx.database.db, id);
  if (!row) throw commentNotFound();
  return presentComment(row);
}

async function ownComment(ctx: AppContext, userId: number, taskId: number, commentId: number) {
  await accessTask(ctx, userId, taskId);
  const row = await repo.findComment(ctx.database.db, commentId);
  if (!row || row.comment.taskId !== taskId) throw commentNotFound();
  if (row.comment.authorId !== userId) {
    throw forbidden(M.commentAuthorOnly, ErrorCode.AUTHOR_ONLY);
  }
  return row;
}

export async function updateComment(
  ctx: AppContext,
  userId: number,
  taskId: number,
  commentId: number,
  comment: string,
): Promise<TaskComment> {
  await ownComment(ctx, userId, taskId, commentId);
  await repo.updateComment(ctx.database.db, commentId, comment, ctx.now());
  const row = await repo.findComment(ctx.database.db, commentId);
  if (!row) throw commentNotFound();
  return presentComment(row);
}

export async function deleteComment(
  ctx: AppContext,
  userId: number,
  taskId: number,
  commentId: number,
): Promise<void> {
  await ownComment(ctx, userId, taskId, commentId);
  await repo.deleteComment(ctx.database.db, commentId);
}
