import type { z } from 'zod';
import {
  BoardMessages as M,
  commentInputSchema,
  commentListQuerySchema,
  commentPageSchema,
  commentParamsSchema,
  commentSchema,
  createPostFieldsSchema,
  postListQuerySchema,
  postPageSchema,
  postParamsSchema,
  postSchema,
  teamPostsParamsSchema,
  updatePostSchema,
} from '@teamup/contracts/board';
import { envelope } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors/app-error';
import type { Guard, TypedApp } from '../../platform/http/types';
import { assertAcceptableText } from '../../platform/http/validation';
import * as board from './board.service';
import { discardUploads } from '../../platform/storage/uploads';
import { readPostUpload } from './post-uploads';

const security = [{ bearer: [] }];
const postTags = ['posts'];

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

/** Posts and their comments. */
export async function boardRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  // --- posts ---------------------------------------------------------------------------------

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
      // A JSON body has no route schema here (multipart has none to give), so the validator's
      // text rule is applied by hand, as readPostUpload does for the form's fields.
      if (!request.isMultipart()) assertAcceptableText(request.body);
      const { fields, uploads } = request.isMultipart()
        ? await readPostUpload(ctx.storage, request)
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
      data: await board.postComments.list(
        ctx,
        authOf(request).userId,
        request.params.id,
        request.query,
      ),
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
      const comment = await board.postComments.create(
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
      data: await board.postComments.update(
        ctx,
        authOf(request).userId,
        { commentId: request.params.id },
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
      await board.postComments.remove(ctx, authOf(request).userId, {
        commentId: request.params.id,
      });
      return reply.code(204).send();
    },
  );
}
