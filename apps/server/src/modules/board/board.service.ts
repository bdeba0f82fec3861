import type { Readable } from 'node:stream';
import {
  BoardMessages as M,
  postCommentView,
  type Attachment,
  type Post,
  type PostSummary,
  type updatePostSchema,
} from '@teamup/contracts/board';
import { toPage, type Page, type PageQuery } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import { TeamMessages } from '@teamup/contracts/teams';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { emitDomainEvent } from '../../platform/domain-events';
import {
  deleteStoredFiles,
  type OwnedFilesQuery,
  type FileOwner,
} from '../../platform/storage/owned-files';
import {
  assertTeamContentAccess,
  loadTeam,
  publishTeamContentChange,
  reading,
  writing,
  type TeamContentUse,
} from '../teams/team-access.service';
import { presentAttachment, presentPost, presentPostSummary } from './board.presenter';
import { assertAuthor, authorOnly } from './board.policy';
import * as repo from './board.repo';
import { commentService } from '../comments/comments.service';
import { discardUploads, type StoredUpload } from '../../platform/storage/uploads';

/** The stored post attachments of a team or workspace being deleted. */
export const boardFiles: OwnedFilesQuery = (db, owner: FileOwner) => repo.storageKeysOf(db, owner);

const postNotFound = () => notFound(M.postNotFound, ErrorCode.POST_NOT_FOUND);
const commentNotFound = () => notFound(M.commentNotFound, ErrorCode.COMMENT_NOT_FOUND);
const attachmentNotFound = () => notFound(M.attachmentNotFound, ErrorCode.ATTACHMENT_NOT_FOUND);

/** Reading and writing the board, as the team's access step and read log name them. */
export const readPosts = reading('BOARD');
export const writePosts = writing('BOARD');

export const sliceOf = (query: PageQuery) => ({
  offset: query.page * query.size,
  limit: query.size,
});

// --- posts -----------------------------------------------------------------------------------

/** The team's board; a `boardId` that names another board is refused. */
export async function boardOf(
  ctx: AppContext,
  teamId: number,
  userId: number,
  boardId: number | undefined,
  use: TeamContentUse,
): Promise<number> {
  await assertTeamContentAccess(ctx, teamId, userId, use);
  const board = await repo.boardOfTeam(ctx.database.db, teamId);
  if (board === undefined) throw notFound(TeamMessages.notFound, ErrorCode.TEAM_NOT_FOUND);
  if (boardId !== undefined && boardId !== board) {
    throw badRequest(ErrorCode.BOARD_MISMATCH, M.boardMismatch, [
      { field: 'boardId', message: M.boardMismatch },
    ]);
  }
  return board;
}

/** The post, after checking the caller may see its team (and, to write, write in it). */
export async function loadPost(
  ctx: AppContext,
  postId: number,
  userId: number,
  use: TeamContentUse,
) {
  const found = await repo.findPost(ctx.database.db, postId);
  if (!found) throw postNotFound();
  const { workspaceId } = await assertTeamContentAccess(ctx, found.teamId, userId, use);
  return { ...found, workspaceId };
}

async function loadOwnPost(ctx: AppContext, postId: number, userId: number, detail?: string) {
  const found = await loadPost(ctx, postId, userId, writePosts);
  assertAuthor(found.post, userId, detail);
  return found;
}

export async function listPosts(
  ctx: AppContext,
  userId: number,
  teamId: number,
  query: { boardId?: number } & PageQuery,
): Promise<Page<PostSummary>> {
  const boardId = await boardOf(ctx, teamId, userId, query.boardId, readPosts);
  const { rows, total } = await repo.listPosts(ctx.database.db, boardId, sliceOf(query));
  return toPage(
    rows.map((row) => presentPostSummary(row, teamId)),
    total,
    query,
  );
}

export async function getPost(ctx: AppContext, userId: number, postId: number): Promise<Post> {
  const found = await loadPost(ctx, postId, userId, readPosts);
  return presentPost(found, await repo.listAttachments(ctx.database.db, postId));
}

/**
 * Saves a post with the files already streamed to storage. If the rows cannot be written, the
 * stored files are removed again.
 */
export async function createPost(
  ctx: AppContext,
  userId: number,
  boardId: number,
  fields: { title: string; content: string },
  uploads: readonly StoredUpload[],
): Promise<Post> {
  let postId: number;
  try {
    postId = await ctx.database.db.transaction(async (tx) => {
      const id = await repo.insertPost(tx, {
        boardId,
        authorId: userId,
        title: fields.title,
        content: fields.content,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      });
      await repo.insertAttachments(
        tx,
        uploads.map((upload) => ({ ...upload, postId: id, uploaderId: userId })),
      );
      return id;
    });
  } catch (error) {
    await discardUploads(ctx.storage, uploads);
    throw error;
  }
  const found = await loadPost(ctx, postId, userId, writePosts);
  await publishTeamContentChange(ctx, found, 'POSTS');
  await emitDomainEvent(ctx, {
    type: 'POST_CREATED',
    workspaceId: found.workspaceId,
    teamId: found.teamId,
    postId,
    authorId: userId,
    title: fields.title,
  });
  return presentPost(found, await repo.listAttachments(ctx.database.db, postId));
}

export async function updatePost(
  ctx: AppContext,
  userId: number,
  postId: number,
  input: z.output<typeof updatePostSchema>,
): Promise<Post> {
  const found = await loadOwnPost(ctx, postId, userId);
  await repo.updatePost(ctx.database.db, postId, input, ctx.now());
  await publishTeamContentChange(ctx, found, 'POSTS');
  return getPost(ctx, userId, postId);
}

/** Deletes the post with its comments and attachments, then the attachment files. */
export async function deletePost(ctx: AppContext, userId: number, postId: number): Promise<void> {
  const found = await loadOwnPost(ctx, postId, userId);
  const keys = await ctx.database.db.transaction(async (tx) => {
    const stored = await repo.storageKeysOfPost(tx, postId);
    await repo.deletePost(tx, postId);
    return stored;
  });
  await deleteStoredFiles(ctx.storage, ctx.logger, keys);
  await publishTeamContentChange(ctx, found, 'POSTS');
}

// --- attachments -----------------------------------------------------------------------------

export async function listAttachments(
  ctx: AppContext,
  userId: number,
  postId: number,
): Promise<Attachment[]> {
  await loadPost(ctx, postId, userId, reading('FILES'));
  const rows = await repo.listAttachments(ctx.database.db, postId);
  return rows.map(presentAttachment);
}

/**
 * Before a file is added to an existing post: the caller must be its author, and the post's
 * room left (files and bytes) is answered for the upload to respect.
 */
export async function prepareAttachmentUpload(ctx: AppContext, userId: number, postId: number) {
  await loadOwnPost(ctx, postId, userId, M.postAuthorOnly);
  const totals = await repo.attachmentTotals(ctx.database.db, postId);
  if (totals.count >= Limits.attachmentsPerPost) {
    throw badRequest(ErrorCode.POST_FILES_TOO_MANY, M.tooManyFiles);
  }
  return { bytesLeft: Limits.postFilesMaxBytes - totals.bytes };
}

export async function addAttachment(
  ctx: AppContext,
  userId: number,
  postId: number,
  upload: StoredUpload,
): Promise<Attachment> {
  try {
    const [row] = await repo.insertAttachments(ctx.database.db, [
      { ...upload, postId, uploaderId: userId },
    ]);
    if (!row) throw new Error('attachment insert returned nothing');
    return presentAttachment(row);
  } catch (error) {
    await discardUploads(ctx.storage, [upload]);
    throw error;
  }
}

export async function deleteAttachment(
  ctx: AppContext,
  userId: number,
  postId: number,
  attachmentId: number,
): Promise<void> {
  const found = await repo.findAttachment(ctx.database.db, attachmentId);
  if (!found || found.attachment.postId !== postId) throw attachmentNotFound();
  await assertTeamContentAccess(ctx, found.teamId, userId, writing('FILES'));
  assertAuthor({ authorId: found.postAuthorId }, userId, M.postAuthorOnly);
  await repo.deleteAttachment(ctx.database.db, attachmentId);
  await deleteStoredFiles(ctx.storage, ctx.logger, [found.attachment.storageKey]);
}

/** An attachment's bytes for someone who may see its post. */
export async function openAttachment(
  ctx: AppContext,
  userId: number,
  attachmentId: number,
  purpose: 'download' | 'preview',
): Promise<{ attachment: repo.AttachmentRow; stream: Readable }> {
  const found = await repo.findAttachment(ctx.database.db, attachmentId);
  if (!found) throw attachmentNotFound();
  await assertTeamContentAccess(ctx, found.teamId, userId, reading('FILES'));
  if (purpose === 'preview' && !found.attachment.isImage) {
    throw new AppError(415, ErrorCode.FILE_NOT_PREVIEWABLE, M.notPreviewable);
  }
  try {
    return {
      attachment: found.attachment,
      stream: await ctx.storage.get(found.attachment.storageKey),
    };
  } catch {
    throw attachmentNotFound();
  }
}

// --- comments --------------------------------------------------------------------------------

/**
 * A post's comments: anyone who may see the post; a new or deleted one refreshes the team's post
 * lists (their comment counts), live.
 */
export const postComments = commentService({
  kind: 'post',
  access: (ctx, userId, postId, intent) => loadPost(ctx, postId, userId, { intent, area: 'BOARD' }),
  notFound: commentNotFound,
  authorOnly: () => authorOnly(),
  present: postCommentView.toWire,
  afterCountChange: async (ctx, postId) => {
    const found = await repo.findPost(ctx.database.db, postId);
    if (!found) return;
    const team = await loadTeam(ctx.database.db, found.teamId);
    await publishTeamContentChange(
      ctx,
      { workspaceId: team.workspaceId, teamId: team.id },
      'POSTS',
    );
  },
});
