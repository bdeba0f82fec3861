import { BoardMessages as M, attachmentEndpoints as endpoints } from '@teamup/contracts/board';
import { Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { bodyOf, documentedSchema, routesFor } from '../../platform/http/define-route';
import { singleFileField } from '../../platform/http/multipart';
import type { Guard, TypedApp } from '../../platform/http/types';
import * as board from './board.service';
import { sendStoredFile } from '../../platform/http/send-file';
import type { StoredUpload } from '../../platform/storage/uploads';
import { storePostFile, uploadError } from './post-uploads';

const ATTACHMENT_FIELDS = ['file', 'files', 'files[]'];

/** A post's attachments and the file downloads and previews. */
export async function attachmentRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'posts');

  route(endpoints.list, ({ userId, params }) => board.listAttachments(ctx, userId, params.id));

  route(
    endpoints.upload,
    async ({ userId, params, request }) => {
      const { bytesLeft } = await board.prepareAttachmentUpload(ctx, userId, params.id);
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
      return board.addAttachment(ctx, userId, params.id, upload);
    },
    {
      consumes: ['multipart/form-data'],
      // Decision 0036: the post is reached before its form is read.
      access: ({ params, userId }) => board.loadPost(ctx, params.id, userId, board.writePosts),
    },
  );

  route(endpoints.remove, ({ userId, params }) =>
    board.deleteAttachment(ctx, userId, params.id, params.attachmentId),
  );

  // Raw: these stream the stored file's bytes with their own headers, not a `{ data }` envelope.
  const files = { onRequest: requireAuth };
  const fileSchema = (endpoint: typeof endpoints.download | typeof endpoints.preview) => ({
    ...documentedSchema(endpoint, 'files', {
      answers: {
        200: bodyOf("The file's bytes, with its own media type", 'application/octet-stream'),
      },
    }),
    params: endpoint.params,
  });

  app.get(
    endpoints.download.path,
    { ...files, schema: fileSchema(endpoints.download) },
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
    endpoints.preview.path,
    { ...files, schema: fileSchema(endpoints.preview) },
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
