import {
  chatAttachmentParamsSchema,
  chatAttachmentQuerySchema,
  chatMessageSchema,
  chatRoomParamsSchema,
  sendChatAttachmentFieldsSchema,
  ChatMessages as M,
} from '@teamup/contracts/chat';
import { envelope } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { FileMessages, Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors/app-error';
import { readFieldsAndFile } from '../../platform/http/multipart';
import { sendStoredFile } from '../../platform/http/send-file';
import type { Guard, TypedApp } from '../../platform/http/types';
import { discardUploads, fileSizeError, storeUpload } from '../../platform/storage/uploads';
import * as chat from './chat.service';

const security = [{ bearer: [] }];
const tags = ['chat'];

/** Sending a message with a file, and reading chat files. */
export async function chatAttachmentRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const secured = { onRequest: requireAuth };

  app.post(
    '/workspaces/:workspaceId/chat-rooms/:roomId/messages/attachment',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Send a message with one file: multipart `file` and optional text `content`',
        consumes: ['multipart/form-data'],
        params: chatRoomParamsSchema,
        response: { 201: envelope(chatMessageSchema) },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const { workspaceId, roomId } = request.params;
      // Refuse outsiders before a byte of their file is stored.
      await chat.assertCanSend(ctx, userId, workspaceId, roomId);
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
        const message = await chat.sendMessage(
          ctx,
          userId,
          workspaceId,
          roomId,
          parsed.data.content.trim(),
          stored,
        );
        return await reply.code(201).send({ data: message });
      } catch (error) {
        await discard(stored);
        throw error;
      }
    },
  );

  app.get(
    '/chat-attachments/:id',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary:
          'A chat file for members of its room: images inline, others (or ?download=1) as a download',
        params: chatAttachmentParamsSchema,
        querystring: chatAttachmentQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await chat.openAttachment(ctx, authOf(request).userId, request.params.id);
      const inline = file.attachment.isImage && request.query.download !== '1';
      return sendStoredFile(reply, file, inline ? 'inline' : 'attachment');
    },
  );
}
