import {
  chatEndpoints as endpoints,
  sendChatAttachmentFieldsSchema,
  ChatMessages as M,
} from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { FileMessages, Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth/guard';
import { AppError, badRequest } from '../../platform/errors/app-error';
import {
  accessStepOf,
  bodyOf,
  documentedSchema,
  routesFor,
} from '../../platform/http/define-route';
import { readFieldsAndFiles } from '../../platform/http/multipart';
import { sendStoredFile } from '../../platform/http/send-file';
import type { Guard, TypedApp } from '../../platform/http/types';
import {
  discardUploads,
  fileSizeError,
  storeUpload,
  type StoredUpload,
} from '../../platform/storage/uploads';
import { listRoomFiles, openAttachment, visibleAttachment } from './attachments.service';
import { assertCanSend, sendMessage } from './messages.service';
import { roomAccessStep } from './room-access';

const filesTooLarge = () => new AppError(413, ErrorCode.CHAT_FILES_TOO_LARGE, M.filesTooLarge);
const tooManyFiles = () => badRequest(ErrorCode.CHAT_FILES_TOO_MANY, M.tooManyFiles);
const bytesOf = (uploads: readonly StoredUpload[]) =>
  uploads.reduce((sum, upload) => sum + upload.size, 0);

/** Sending a message with files, the room's files list, and reading chat files. */
export async function chatAttachmentRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'chat');
  const inRoom = roomAccessStep(ctx);

  route(
    endpoints.sendWithFile,
    async ({ userId, params, request }) => {
      const { workspaceId, roomId } = params;
      // The access step let in the workspace's members; one who may not send here is refused
      // too before a byte of their files is stored.
      await assertCanSend(ctx, userId, workspaceId, roomId);
      const discard = (uploads: readonly StoredUpload[]) => discardUploads(ctx.storage, uploads);
      // Every file is stored as it arrives (each within its own and the message's total limit);
      // any failure, here or below, removes all of them: a message gets all its files or none.
      const { fields, stored } = await readFieldsAndFiles(request, {
        maxFiles: Limits.chatFilesPerMessage,
        maxFileBytes: Limits.attachmentMaxBytes,
        maxFieldBytes: Limits.chatMessageMax * 4,
        store: (file, before) =>
          storeUpload(ctx.storage, file, {
            keyPrefix: 'chat',
            total: {
              bytesLeft: Limits.chatMessageFilesMaxBytes - bytesOf(before),
              exceeded: filesTooLarge,
            },
          }),
        discard,
        tooMany: tooManyFiles,
      }).catch((error: unknown) => {
        throw fileSizeError(error);
      });
      if (stored.length === 0) {
        throw badRequest(ErrorCode.VALIDATION_FAILED, FileMessages.fileRequired);
      }
      try {
        const parsed = sendChatAttachmentFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const reason = parsed.error.issues[0]?.message ?? M.messageTooLong;
          throw badRequest(ErrorCode.VALIDATION_FAILED, reason);
        }
        return await sendMessage(
          ctx,
          userId,
          workspaceId,
          roomId,
          parsed.data.content.trim(),
          stored,
          parsed.data.replyTo,
        );
      } catch (error) {
        await discard(stored);
        throw error;
      }
    },
    { consumes: ['multipart/form-data'], ...inRoom },
  );

  route(
    endpoints.files,
    ({ userId, params, query }) =>
      listRoomFiles(ctx, userId, params.workspaceId, params.roomId, query),
    inRoom,
  );

  // Registered by hand: it streams the stored file rather than answering a `{ data }` envelope.
  const file = endpoints.attachment;
  app.get(
    file.path,
    {
      onRequest: requireAuth,
      ...accessStepOf(file, ({ params, userId }) => visibleAttachment(ctx, userId, params.id)),
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
