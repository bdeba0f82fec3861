import {
  ChatMessages as M,
  type ChatMessage,
  type sendChatMessageSchema,
} from '@teamup/contracts/chat';
import { toPage, type Page } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import { forbidden } from '../../platform/errors/app-error';
import { deleteStoredFiles } from '../../platform/storage/owned-files';
import type { StoredUpload } from '../../platform/storage/uploads';
import { isAdminRole } from '../workspaces/workspaces.service';
import { newMessageEvent, presentMessage } from './chat.presenter';
import * as repo from './chat.repo';
import { accessRoom, messageNotFound, publish, refuseRoomAccess } from './room-access';

/* A room's messages: reading them, sending (text, or with a file), deleting. */

export async function listMessages(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  query: { page: number; size: number; sort: string; beforeId?: number | undefined },
): Promise<Page<ChatMessage>> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const { rows, total } = await repo.messagePage(ctx.database.db, roomId, {
    offset: query.page * query.size,
    limit: query.size,
    newestFirst: query.sort === 'createdAt,desc',
    beforeId: query.beforeId,
  });
  const page = query.beforeId === undefined ? query.page : 0;
  return toPage(rows.map(presentMessage), total, { page, size: query.size });
}

/** The caller may post in this room (checked before a file is read from the request). */
export async function assertCanSend(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<void> {
  await accessRoom(ctx, userId, workspaceId, roomId);
}

/**
 * Stores the message (with its file, if one was uploaded), then publishes it: the answer and the
 * live event carry the same presented message.
 */
export async function sendMessage(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  content: string,
  upload?: StoredUpload,
): Promise<ChatMessage> {
  const message = upload
    ? await storeWithFile(ctx, userId, workspaceId, roomId, content, upload)
    : await storeText(ctx, userId, workspaceId, roomId, content);
  await publish(ctx, Topics.chatRoom(roomId), newMessageEvent(message));
  await emitDomainEvent(ctx, {
    type: 'CHAT_MESSAGE_SENT',
    workspaceId,
    roomId,
    messageId: message.id,
    senderId: userId,
    senderName: message.senderName,
    content: message.content,
  });
  return message;
}

/**
 * The hot path: access, insert and the sender's read pointer (sending implies having read
 * everything up to one's own message) in one statement.
 */
async function storeText(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  content: string,
): Promise<ChatMessage> {
  const sent = await repo.insertTextMessageIfAllowed(ctx.database.db, {
    roomId,
    workspaceId,
    userId,
    content,
    createdAt: ctx.now(),
  });
  if (!sent?.message) return refuseRoomAccess(ctx, userId, workspaceId, sent);
  return presentMessage({
    message: sent.message,
    senderName: sent.name ?? M.unknownSender,
    senderProfileImageUrl: sent.profileImageUrl,
    attachment: null,
  });
}

/** A message with its file: the message and the attachment row in one transaction. */
async function storeWithFile(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  content: string,
  upload: StoredUpload,
): Promise<ChatMessage> {
  const { caller } = await accessRoom(ctx, userId, workspaceId, roomId);
  const newMessage = { roomId, senderId: userId, content, createdAt: ctx.now() };
  const { row, attachment } = await ctx.database.db.transaction(async (tx) => {
    const inserted = await repo.insertMessage(tx, newMessage);
    return {
      row: inserted,
      attachment: await repo.insertAttachment(tx, { ...upload, messageId: inserted.id }),
    };
  });
  await repo.advanceLastRead(ctx.database.db, roomId, userId, row.id);
  return presentMessage({
    message: row,
    senderName: caller.name,
    senderProfileImageUrl: caller.profileImageUrl,
    attachment,
  });
}

/**
 * A text message as the HTTP call and the STOMP SEND both send it (`sendChatMessageSchema`): the
 * sender echo some clients add must be the caller.
 */
export async function postMessage(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  input: z.output<typeof sendChatMessageSchema>,
): Promise<ChatMessage> {
  if (input.senderId !== undefined && input.senderId !== userId) {
    throw forbidden('다른 사용자로 메시지를 보낼 수 없습니다.', ErrorCode.ACCOUNT_MISMATCH);
  }
  return sendMessage(ctx, userId, workspaceId, roomId, input.content);
}

/** Soft delete by the author, the workspace owner or an ADMIN; the row keeps its place. */
export async function deleteMessage(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  messageId: number,
): Promise<void> {
  const { role } = await accessRoom(ctx, userId, workspaceId, roomId);
  const view = await repo.findMessage(ctx.database.db, messageId);
  if (!view || view.message.roomId !== roomId) throw messageNotFound();
  if (view.message.senderId !== userId && !isAdminRole(role)) {
    throw forbidden(M.deleteForbidden, ErrorCode.CHAT_DELETE_FORBIDDEN);
  }
  if (await repo.softDeleteMessage(ctx.database.db, messageId, ctx.now())) {
    // A deleted message's file goes too: it is no longer shown to anyone.
    const key = await repo.deleteAttachmentOf(ctx.database.db, messageId);
    if (key) await deleteStoredFiles(ctx.storage, ctx.logger, [key]);
    await publish(ctx, Topics.chatRoom(roomId), {
      type: 'CHAT_MESSAGE_DELETED',
      chatRoomId: roomId,
      messageId,
    });
  }
}
