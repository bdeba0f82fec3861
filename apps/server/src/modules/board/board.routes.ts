import type { z } from 'zod';
import {
  BoardMessages as M,
  createPostFieldsSchema,
  postCommentEndpoints,
  postEndpoints,
} from '@teamup/contracts/board';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors/app-error';
import { routesFor } from '../../platform/http/define-route';
import type { Guard, TypedApp } from '../../platform/http/types';
import { assertAcceptableText } from '../../platform/http/validation';
import * as board from './board.service';
import { discardUploads } from '../../platform/storage/uploads';
import { readPostUpload } from './post-uploads';
import { assertTeamContentAccess, type TeamContentUse } from '../teams/team-access.service';

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
  // --- posts ---------------------------------------------------------------------------------
  const post = routesFor(app, requireAuth, 'posts');
  // Access steps (decision 0036): the team's content, or the post, the path names.
  const teamContent = (use: TeamContentUse) => ({
    access: ({ params, userId }: { params: { teamId: number }; userId: number }) =>
      assertTeamContentAccess(ctx, params.teamId, userId, use),
  });
  const onPost = (use: TeamContentUse) => ({
    access: ({ params, userId }: { params: { id: number }; userId: number }) =>
      board.loadPost(ctx, params.id, userId, use),
  });

  post(
    postEndpoints.list,
    ({ userId, params, query }) => board.listPosts(ctx, userId, params.teamId, query),
    teamContent(board.readPosts),
  );

  post(
    postEndpoints.create,
    async ({ userId, params, request }) => {
      // The access step refused outsiders; the board is found (and checked) before any file is
      // stored.
      const boardId = await board.boardOf(ctx, params.teamId, userId, undefined, board.writePosts);
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
      return board.createPost(ctx, userId, boardId, parsed.data, uploads);
    },
    {
      message: '게시글이 등록되었습니다.',
      consumes: ['multipart/form-data', 'application/json'],
      ...teamContent(board.writePosts),
    },
  );

  post(postEndpoints.get, ({ userId, params }) => board.getPost(ctx, userId, params.id));

  post(
    postEndpoints.update,
    ({ userId, params, body }) => board.updatePost(ctx, userId, params.id, body),
    onPost(board.writePosts),
  );

  post(postEndpoints.remove, ({ userId, params }) => board.deletePost(ctx, userId, params.id));

  // --- comments ------------------------------------------------------------------------------
  const comment = routesFor(app, requireAuth, 'comments');

  comment(
    postCommentEndpoints.list,
    ({ userId, params, query }) => board.postComments.list(ctx, userId, params.id, query),
    onPost(board.readPosts),
  );

  comment(
    postCommentEndpoints.create,
    ({ userId, params, body }) => board.postComments.create(ctx, userId, params.id, body.content),
    onPost(board.writePosts),
  );

  comment(
    postCommentEndpoints.update,
    ({ userId, params, body }) =>
      board.postComments.update(ctx, userId, { commentId: params.id }, body.content),
    {
      access: ({ params, userId }) =>
        board.postComments.reach(ctx, userId, { commentId: params.id }),
    },
  );

  comment(postCommentEndpoints.remove, ({ userId, params }) =>
    board.postComments.remove(ctx, userId, { commentId: params.id }),
  );
}
