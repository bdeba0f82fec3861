import { z } from 'zod';
import {
  BoardMessages as M,
  attachmentParamsSchema,
  attachmentSchema,
  fileParamsSchema,
  postParamsSchema,
} from '@teamup/contracts/board';
import { envelope } from '@teamup/contracts/common';
import { Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { singleFileField } from '../../platform/http/multipart';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as board from './board.service';
import { sendStoredFile } from '../../platform/http/send-file';
import type { StoredUpload } from '../../platform/storage/uploads';
import { storePostFile, uploadError } from './post-uploads';

const security = [{ bearer: [] }];
const postTags = ['posts'];
const ATTACHMENT_FIELDS = ['file', 'files', 'files[]'];

/** A post's attachments and the file downloads and previews. */
export async function attachmentRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

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
      let upload: StoredUpload;
      try {
        const file = await singleFileField(request, Limits.attachmentMaxBytes, {
          missingMessage: M.fileRequired,
          fieldNames: ATTACHMENT_FIELDS,
        });
        upload = await storePostFile(ctx.storage, file, bytesLeft);
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
      return sendStoredFile(reply, file, 'attachment');
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
      return sendStoredFile(reply, file, 'inline');
    },
  );
}
