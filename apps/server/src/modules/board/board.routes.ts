import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BoardMessages as M,
  announcementListQuerySchema,
  announcementPageSchema,
  announcementParamsSchema,
  announcementSchema,
  attachmentParamsSchema,
  attachmentSchema,
  commentInputSchema,
  commentListQuerySchema,
  commentPageSchema,
  commentParamsSchema,
  commentSchema,
  createAnnouncementSchema,
  createPostFieldsSchema,
  fileParamsSchema,
  postListQuerySchema,
  postPageSchema,
  postParamsSchema,
  postSchema,
  teamPostsParamsSchema,
  updateAnnouncementSchema,
  updatePostSchema,
  workspaceParamsSchema,
} from '@teamup/contracts/board';
import { envelope } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors/app-error';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as board from './board.service';
import {
  contentDisposition,
  discardUploads,
  fileTooLarge,
  storeUpload,
  type StoredUpload,
} from './uploads';

const security = [{ bearer: [] }];

/** Field errors of a zod failure, as the problem's `errors`. */
function validationFailure(error: z.ZodError) {
  const errors = error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  return badRequest(
    ErrorCode.VALIDATION_FAILED,
    errors[0]?.message ?? M.titleAndContentRequired,
    errors,
  );
}

/** The multipart reader's own limit errors, as our problems. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT') return badRequest(ErrorCode.POST_FILES_TOO_MANY, M.tooManyFiles);
  return error;
}

const isFilePart = (name: string) => name === 'files' || name === 'file' || name === 'files[]';

/**
 * Reads a post's multipart body: its text fields, and every file streamed to storage as it
 * arrives (the per-file, per-post count and per-post size limits checked on the way). On any
 * failure the files already stored are removed.
 */
async function readPostUpload(ctx: AppContext, request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const uploads: StoredUpload[] = [];
  let bytes = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: Limits.attachmentMaxBytes + 1,
        files: Limits.attachmentsPerPost + 1,
        fields: 10,
        fieldSize: Limits.contentMax * 4,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!isFilePart(part.fieldname)) {
        part.file.resume();
        continue;
      }
      if (uploads.length >= Limits.attachmentsPerPost) {
        part.file.resume();
        throw badRequest(ErrorCode.POST_FILES_TOO_MANY, M.tooManyFiles);
      }
      const upload = await storeUpload(
        ctx.storage,
        { stream: part.file, filename: part.filename },
        Limits.postFilesMaxBytes - bytes,
      );
      uploads.push(upload);
      bytes += upload.size;
    }
  } catch (error) {
    await discardUploads(ctx.storage, uploads);
    throw uploadError(error);
  }
  return { fields, uploads };
}

/** Streams a stored file with the headers that keep a browser from running it. */
function sendFile(
  reply: FastifyReply,
  file: {
    attachment: { originalName: string; contentType: string; size: number };
    stream: NodeJS.ReadableStream;
  },
  disposition: 'attachment' | 'inline',
) {
  return reply
    .type(file.attachment.contentType)
    .header('Content-Length', String(file.attachment.size))
    .header('Content-Disposition', contentDisposition(disposition, file.attachment.originalName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-cache')
    .send(file.stream);
}

export async function boardRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  // --- announcements -------------------------------------------------------------------------
  const announcementTags = ['announcements'];

  app.get(
    '/workspaces/:workspaceId/announcement',
    {
      ...secured,
      schema: {
        tags: announcementTags,
        security,
        summary: 'A team’s announcements, newest first (size 5 by default)',
        params: workspaceParamsSchema,
        querystring: announcementListQuerySchema,
        response: { 200: envelope(announcementPageSchema) },
      },
    },
    async (request) => ({
      data: await board.listAnnouncements(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.query,
      ),
    }),
  );

  app.post(
    '/workspaces/:workspaceId/announcement',
    {
      ...secured,
      schema: {
        tags: announcementTags,
        security,
        params: workspaceParamsSchema,
        body: createAnnouncementSchema,
        response: { 201: envelope(announcementSchema) },
      },
    },
    async (request, reply) => {
      const created = await board.createAnnouncement(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.body,
      );
      return reply.code(201).send({ data: created, message: '공지사항이 등록되었습니다.' });
    },
  );

  app.patch(
    '/workspaces/:workspaceId/announcement/:id',
    {
      ...secured,
      schema: {
        tags: announcementTags,
        security,
        summary: 'Edit an announcement (author only)',
        params: announcementParamsSchema,
        body: updateAnnouncementSchema,
        response: { 200: envelope(announcementSchema) },
      },
    },
    async (request) => ({
      data: await board.updateAnnouncement(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/workspaces/:workspaceId/announcement/:id',
    {
      ...secured,
      schema: {
        tags: announcementTags,
        security,
        summary: 'Delete an announcement (author only)',
        params: announcementParamsSchema,
      },
    },
    async (request, reply) => {
      await board.deleteAnnouncement(
        ctx,
        authOf(request).userId,
        request.params.workspaceId,
        request.params.id,
      );
      return reply.code(204).send();
    },
  );

  // --- posts ---------------------------------------------------------------------------------
  const postTags = ['posts'];

  app.get(
    '/teams/:teamId/posts',
    {
      ...secured,
      schema: {
        tags: postTags,
        security,
        summary: 'The posts of the team’s board, newest first (size 5 by default)',
        params: teamPostsParamsSchema,
        querystring: postListQuerySchema,
        response: { 200: envelope(postPageSchema) },
      },
    },
    async (request) => ({
      data: await board.listPosts(
        ctx,
        authOf(request).userId,
        request.params.teamId,
        request.query,
      ),
    }),
  );

  app.post(
    '/teams/:teamId/posts',
    {
      ...secured,
      schema: {
        tags: postTags,
        security,
        summary: `A new post: multipart title, content, boardId and files (each ≤ ${Limits.attachmentMaxBytes / 1024 / 1024} MB, ≤ ${Limits.attachmentsPerPost} files, ≤ ${Limits.postFilesMaxBytes / 1024 / 1024} MB in all); JSON without files also works`,
        consumes: ['multipart/form-data', 'application/json'],
        params: teamPostsParamsSchema,
        response: { 201: envelope(postSchema) },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const teamId = request.params.teamId;
      // Access first: an outsider's files are never stored.
      const boardId = await board.boardOf(ctx, teamId, userId, undefined);
      const { fields, uploads } = request.isMultipart()
        ? await readPostUpload(ctx, request)
        : { fields: (request.body ?? {}) as Record<string, unknown>, uploads: [] };
      const parsed = createPostFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        await discardUploads(ctx.storage, uploads);
        throw validationFailure(parsed.error);
      }
      if (parsed.data.boardId !== undefined && parsed.data.boardId !== boardId) {
        await discardUploads(ctx.storage, uploads);
        throw badRequest(ErrorCode.BOARD_MISMATCH, M.boardMismatch, [
          { field: 'boardId', message: M.boardMismatch },
        ]);
      }
      const post = await board.createPost(ctx, userId, boardId, parsed.data, uploads);
      return reply.code(201).send({ data: post, message: '게시글이 등록되었습니다.' });
    },
  );

  app.get(
    '/posts/:id',
    {
      ...secured,
      schema: {
        tags: postTags,
        security,
        params: postParamsSchema,
        response: { 200: envelope(postSchema) },
      },
    },
    async (request) => ({
      data: await board.getPost(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.patch(
    '/posts/:id',
    {
      ...secured,
      schema: {
        tags: postTags,
        security,
        summary: 'Edit a post (author only)',
        params: postParamsSchema,
        body: updatePostSchema,
        response: { 200: envelope(postSchema) },
      },
    },
    async (request) => ({
      data: await board.updatePost(ctx, authOf(request).userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/posts/:id',
    {
      ...secured,
      schema: {
        tags: postTags,
        security,
        summary: 'Delete a post with its comments and files (author only)',
        params: postParamsSchema,
      },
    },
    async (request, reply) => {
      await board.deletePost(ctx, authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  // --- attachments ---------------------------------------------------------------------------

  app.get(
    '/posts/:id/attachments',
    {
      ...secured,
      schema: {
        tags: postTags,
        security,
        params: postParamsSchema,
        response: { 200: envelope(z.array(attachmentSchema)) },
      },
    },
    async (request) => ({
      data: await board.listAttachments(ctx, authOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/posts/:id/attachments',
    {
      ...secured,
      schema: {
        tags: postTags,
        security,
        summary: 'Add one file (multipart field `file`) to a post (post author only)',
        consumes: ['multipart/form-data'],
        params: postParamsSchema,
        response: { 201: envelope(attachmentSchema) },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const { bytesLeft } = await board.prepareAttachmentUpload(ctx, userId, request.params.id);
      const missing = () => badRequest(ErrorCode.VALIDATION_FAILED, M.fileRequired);
      if (!request.isMultipart()) throw missing();
      let upload: StoredUpload;
      try {
        const file = await request.file({
          limits: { fileSize: Limits.attachmentMaxBytes + 1, files: 1 },
        });
        if (!file || !isFilePart(file.fieldname)) throw missing();
        upload = await storeUpload(
          ctx.storage,
          { stream: file.file, filename: file.filename },
          bytesLeft,
        );
      } catch (error) {
        throw uploadError(error);
      }
      const attachment = await board.addAttachment(ctx, userId, request.params.id, upload);
      return reply.code(201).send({ data: attachment });
    },
  );

  app.delete(
    '/posts/:id/attachments/:attachmentId',
    {
      ...secured,
      schema: {
        tags: postTags,
        security,
        summary: 'Remove a file from a post (post author only)',
        params: attachmentParamsSchema,
      },
    },
    async (request, reply) => {
      await board.deleteAttachment(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.params.attachmentId,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/files/:id/download',
    {
      ...secured,
      schema: {
        tags: ['files'],
        security,
        summary: 'Download an attachment (always as a file, with its original name)',
        params: fileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await board.openAttachment(
        ctx,
        authOf(request).userId,
        request.params.id,
        'download',
      );
      return sendFile(reply, file, 'attachment');
    },
  );

  app.get(
    '/files/:id/preview',
    {
      ...secured,
      schema: {
        tags: ['files'],
        security,
        summary:
          'An image attachment shown inline; only files whose bytes are a raster image (415 otherwise)',
        params: fileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await board.openAttachment(
        ctx,
        authOf(request).userId,
        request.params.id,
        'preview',
      );
      return sendFile(reply, file, 'inline');
    },
  );

  // --- comments ------------------------------------------------------------------------------
  const commentTags = ['comments'];

  app.get(
    '/posts/:id/comments',
    {
      ...secured,
      schema: {
        tags: commentTags,
        security,
        summary: 'A post’s comments, oldest first (size 10 by default)',
        params: postParamsSchema,
        querystring: commentListQuerySchema,
        response: { 200: envelope(commentPageSchema) },
      },
    },
    async (request) => ({
      data: await board.listComments(ctx, authOf(request).userId, request.params.id, request.query),
    }),
  );

  app.post(
    '/posts/:id/comments',
    {
      ...secured,
      schema: {
        tags: commentTags,
        security,
        params: postParamsSchema,
        body: commentInputSchema,
        response: { 201: envelope(commentSchema) },
      },
    },
    async (request, reply) => {
      const comment = await board.createComment(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.content,
      );
      return reply.code(201).send({ data: comment });
    },
  );

  app.patch(
    '/comments/:id',
    {
      ...secured,
      schema: {
        tags: commentTags,
        security,
        summary: 'Edit a comment (author only)',
        params: commentParamsSchema,
        body: commentInputSchema,
        response: { 200: envelope(commentSchema) },
      },
    },
    async (request) => ({
      data: await board.updateComment(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.body.content,
      ),
    }),
  );

  app.delete(
    '/comments/:id',
    {
      ...secured,
      schema: {
        tags: commentTags,
        security,
        summary: 'Delete a comment (author only)',
        params: commentParamsSchema,
      },
    },
    async (request, reply) => {
      await board.deleteComment(ctx, authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
