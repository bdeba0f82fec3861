import { toPage, type Page, type PageQuery } from '@teamup/contracts/common';
import type { Comment } from '@teamup/contracts/comments';
import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import type { AppError } from '../../platform/errors/app-error';
import { canChangeComment } from './comments.policy';
import { presentComment } from './comments.presenter';
import * as repo from './comments.repo';

/**
 * What a module tells the comments about its subject (a post, a task). The module keeps its own
 * rules: who may see the subject, its problem codes, what it announces after a new comment.
 */
export interface CommentSubject<Access, Wire> {
  /** Which table keeps them: `post` (post_comments) or `task` (kanban_task_comments). */
  kind: repo.CommentKind;
  /**
   * Throws unless the caller may see the subject (`read`) or comment on it (`write`: a class's
   * instructors and TAs read the teams they are not in, issue 45); answers what `afterCreate`
   * needs.
   */
  access: (
    ctx: AppContext,
    userId: number,
    subjectId: number,
    intent: 'read' | 'write',
  ) => Promise<Access>;
  notFound: () => AppError;
  authorOnly: () => AppError;
  /** The comment under the subject's wire names. */
  present: (comment: Comment) => Wire;
  afterCreate?: (ctx: AppContext, access: Access) => Promise<void>;
  /** After a comment was added or deleted (the subject's comment count changed). */
  afterCountChange?: (ctx: AppContext, subjectId: number) => Promise<void>;
}

/** Which comment: by its id, and when the path names it, the subject it must belong to. */
export interface CommentTarget {
  commentId: number;
  subjectId?: number;
}

export interface CommentService<Wire> {
  /**
   * Reaching a comment by its id (an access step, decision 0036): it exists, under the subject
   * the path names if it names one, and the caller may see that subject.
   */
  reach(ctx: AppContext, userId: number, target: CommentTarget): Promise<void>;
  list(ctx: AppContext, userId: number, subjectId: number, query: PageQuery): Promise<Page<Wire>>;
  create(ctx: AppContext, userId: number, subjectId: number, content: string): Promise<Wire>;
  update(ctx: AppContext, userId: number, target: CommentTarget, content: string): Promise<Wire>;
  remove(ctx: AppContext, userId: number, target: CommentTarget): Promise<void>;
}

/** Comments on one kind of subject: paged oldest first, edited and deleted by their author. */
export function commentService<Access, Wire>(
  subject: CommentSubject<Access, Wire>,
): CommentService<Wire> {
  const table = repo.commentTables[subject.kind];

  const presentById = async (ctx: AppContext, id: number) => {
    const row = await repo.findComment(ctx.database.db, table, id);
    if (!row) throw subject.notFound();
    return subject.present(presentComment(row));
  };

  /**
   * The caller's own comment. With the subject in the path, the subject is checked first and the
   * comment must belong to it; else the comment is found first and its subject checked.
   */
  const reachComment = async (ctx: AppContext, userId: number, target: CommentTarget) => {
    // Reaching a comment is for changing it (its routes edit and delete).
    if (target.subjectId !== undefined) {
      await subject.access(ctx, userId, target.subjectId, 'write');
    }
    const row = await repo.findComment(ctx.database.db, table, target.commentId);
    if (!row) throw subject.notFound();
    if (target.subjectId === undefined) await subject.access(ctx, userId, row.subjectId, 'write');
    else if (row.subjectId !== target.subjectId) throw subject.notFound();
    return row;
  };

  const ownComment = async (ctx: AppContext, userId: number, target: CommentTarget) => {
    const row = await reachComment(ctx, userId, target);
    if (!canChangeComment(row, userId)) throw subject.authorOnly();
    return row;
  };

  return {
    async reach(ctx, userId, target) {
      await reachComment(ctx, userId, target);
    },

    async list(ctx, userId, subjectId, query) {
      await subject.access(ctx, userId, subjectId, 'read');
      const { rows, total } = await repo.listComments(ctx.database.db, table, subjectId, {
        offset: query.page * query.size,
        limit: query.size,
      });
      return toPage(
        rows.map((row) => subject.present(presentComment(row))),
        total,
        query,
      );
    },

    async create(ctx, userId, subjectId, content) {
      const access = await subject.access(ctx, userId, subjectId, 'write');
      const id = await repo.insertComment(ctx.database.db, table, {
        subjectId,
        authorId: userId,
        content,
        now: ctx.now(),
      });
      await subject.afterCountChange?.(ctx, subjectId);
      await subject.afterCreate?.(ctx, access);
      // The subject's author (a task's assignees) and those mentioned hear of it (notifications).
      await emitDomainEvent(ctx, {
        type: 'COMMENT_CREATED',
        subject: subject.kind,
        subjectId,
        commentId: id,
        authorId: userId,
        content,
      });
      return presentById(ctx, id);
    },

    async update(ctx, userId, target, content) {
      await ownComment(ctx, userId, target);
      await repo.updateComment(ctx.database.db, table, target.commentId, content, ctx.now());
      return presentById(ctx, target.commentId);
    },

    async remove(ctx, userId, target) {
      const row = await ownComment(ctx, userId, target);
      await repo.deleteComment(ctx.database.db, table, target.commentId);
      await subject.afterCountChange?.(ctx, row.subjectId);
    },
  };
}
