import {
  chatEndpoints as endpoints,
  sendChatAttachmentFieldsSchema,
  ChatMessages as M,
} from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { FileMessages, Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors/app-error';
import { bodyOf, documentedSchema, routesFor } from '../../platform/http/define-route';
import { readFieldsAndFile } from '../../platform/http/multipart';
import { sendStoredFile } from '../../platform/http/send-file';
import type { Guard, TypedApp } from '../../platform/http/types';
import { discardUploads, fileSizeError, storeUpload } from '../../platform/storage/uploads';
import { openAttachment } from './attachments.service';
import { assertCanSend, sendMessage } from './messages.service';

/** Sending a message with a file, and reading chat files. */
export async function chatAttachmentRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'chat');

  route(
    endpoints.sendWithFile,
    async ({ userId, params, request }) => {
      const { workspaceId, roomId } = params;
      // Refuse outsiders before a byte of their file is stored.
      await assertCanSend(ctx, userId, workspaceId, roomId);
      const discard = (upload: Awaited<ReturnType<typeof storeUpload>>) =>
        discardUploads(ctx.storage, [upload]);
      const { fields, stored } = await readFieldsAndFile(request, {
        maxFileBytes: Limits.attachmentMaxBytes,
        maxFieldBytes: Limits.chatMessageMax * 4,
        store: (file) => storeUpload(ctx.storage, file, { keyPrefix: 'chat' }),
        discard,
      }).catch((error: unknown) => {
        throw fileSizeError(error);
      });
      if (!stored) throw badRequest(ErrorCode.VALIDATION_FAILED, FileMessages.fileRequired);
      try {
        const parsed = sendChatAttachmentFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw badRequest(ErrorCode.VALIDATION_FAILED, M.messageTooLong);
        }
        return await sendMessage(
          ctx,
          userId,
          workspaceId,
          roomId,
          parsed.data.content.trim(),
          stored,
        );
      } catch (error) {
        await discard(stored);
        throw error;
      }
    },
    { consumes: ['multipart/form-data'] },
  );

  // Registered by hand: it streams the stored file rather than answering a `{ data }` envelope.
  const file = endpoints.attachment;
  app.get(
    file.path,
    {
      onRequest: requireAuth,
      schema: {
        ...documentedSchema(file, 'chat', {
          answers: {
            200: bodyOf("The file's bytes, with its own media type", 'application/octet-stream'),
          },
        }),
        params: file.params,
        querystring: file.query,
      },
    },
    async (request, reply) => {
      const found = await openAttachment(ctx, authOf(request).userId, request.params.id);
      const inline = found.attachment.isImage && request.query.download !== '1';
      return sendStoredFile(reply, found, inline ? 'inline' : 'attachment');
    },
  );
}
