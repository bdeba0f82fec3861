import {
  ChatMessages as M,
  type ChatMessage,
  type ChatMessageEdit,
  type ChatMessageListQuery,
  type ChatMessagePage,
  EDIT_HISTORY_HOURS,
  parseMentions,
  type sendChatMessageSchema,
} from '@teamup/contracts/chat';
import { toPage } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import { badRequest, conflict } from '../../platform/errors/app-error';
import { deleteStoredFiles } from '../../platform/storage/owned-files';
import type { StoredUpload } from '../../platform/storage/uploads';
import {
  assertMayDeleteMessage,
  assertMayEditMessage,
  assertMayMentionEveryone,
  assertSendsAsSelf,
} from './chat.policy';
import {
  newMessageEvent,
  newTextMessageEventTemplate,
  presentMessage,
  presentStoredText,
} from './chat.presenter';
import * as filesRepo from './chat-files.repo';
import * as repo from './chat-messages.repo';
import * as reactionsRepo from './chat-reactions.repo';
import * as sendsRepo from './chat-sends.repo';
import * as roomsRepo from './chat.repo';
import {
  accessRoom,
  messageNotFound,
  publish,
  publishAfterCommit,
  refuseRoomAccess,
} from './room-access';
import { storeTextMessage, type StoredSend } from './text-sends';
import { forgetTyping } from './typing.service';

/* A room's messages: reading them, sending (text, or with files), deleting. */

export async function listMessages(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  query: ChatMessageListQuery,
): Promise<ChatMessagePage> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const db = ctx.database.db;
  const size = query.size;
  const cursorPage = (content: ChatMessage[], total: number) =>
    toPage(content, total, { page: 0, size });
  if (query.aroundId !== undefined) {
    if (!(await repo.messageInRoom(db, roomId, query.aroundId))) throw messageNotFound();
    const around = await repo.messagesAround(db, roomId, query.aroundId, size);
    const content = await presentRows(ctx, around.rows);
    return {
      ...cursorPage(content, around.olderBeyond + content.length),
      hasOlder: around.hasOlder,
      hasNewer: around.hasNewer,
    };
  }
  if (query.latest !== undefined) {
    const { rows, total } = await repo.newestMessages(db, roomId, size);
    const content = await presentRows(ctx, rows);
    return { ...cursorPage(content, total), hasOlder: total > content.length };
  }
  if (query.afterId !== undefined) {
    const { rows, total } = await repo.messagesAfter(db, roomId, query.afterId, size);
    const content = await presentRows(ctx, rows);
    return { ...cursorPage(content, total), hasNewer: total > content.length };
  }
  const pageNumber = query.page ?? 0;
  const { rows, total } = await repo.messagePage(db, roomId, {
    offset: pageNumber * size,
    limit: size,
    newestFirst: query.sort === 'createdAt,desc',
    beforeId: query.beforeId,
  });
  const content = await presentRows(ctx, rows);
  if (query.beforeId !== undefined) {
    return { ...cursorPage(content, total), hasOlder: total > content.length };
  }
  return toPage(content, total, { page: pageNumber, size });
}

/** Message rows as the room shows them, with the reactions of those not deleted. */
async function presentRows(
  ctx: AppContext,
  rows: Awaited<ReturnType<typeof repo.messagePage>>['rows'],
): Promise<ChatMessage[]> {
  const reactions = await reactionsRepo.reactionsOf(
    ctx.database.db,
    rows.filter((row) => row.message.deletedAt === null).map((row) => row.message.id),
  );
  return rows.map((row) =>
    presentMessage({
      ...row,
      reactions: reactions.filter((reaction) => reaction.messageId === row.message.id),
    }),
  );
}

/**
 * These messages as the room shows them now (a deleted one as deleted), by id; a message no
 * longer stored is absent. For events replayed to a reconnecting stream (chat.live-replay.ts).
 */
export async function messagesNow(
  ctx: AppContext,
  ids: readonly number[],
): Promise<Map<number, ChatMessage>> {
  const rows = await repo.messagesByIds(ctx.database.db, ids);
  return new Map((await presentRows(ctx, rows)).map((message) => [message.id, message]));
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
 * Stores the message (with its files, if any were uploaded), then publishes it: the answer and
 * the live event carry the same presented message.
 */
export async function sendMessage(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  content: string,
  uploads: readonly StoredUpload[] = [],
  replyTo?: number,
): Promise<ChatMessage> {
  await assertMayMention(ctx, userId, workspaceId, roomId, content);
  const { message, published } =
    uploads.length > 0
      ? {
          message: await storeWithFiles(
            ctx,
            userId,
            workspaceId,
            roomId,
            content,
            uploads,
            replyTo,
          ),
          published: false,
        }
      : await storeText(ctx, userId, workspaceId, roomId, content, replyTo);
  // The send answers once its own row is durable (issue 18). A batched text's event was logged
  // by its own statement and is handed on as it commits; any other's is logged and handed on
  // after, in order, and a failing log write cannot make a stored message look failed.
  if (!published) publishAfterCommit(ctx, Topics.chatRoom(roomId), newMessageEvent(message));
  forgetTyping(ctx, roomId, userId);
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
 * A message an integration posts into a room as a named bot (an incoming webhook): no sender, so
 * no read pointer moves and no mention wakes anyone; it reaches the room like any other message,
 * and its members' bells by their room levels. It states no CHAT_MESSAGE_SENT: outgoing webhooks
 * hear people, and a bot answering a bot through two webhooks would never stop.
 */
export async function postBotMessage(
  ctx: AppContext,
  roomId: number,
  botName: string,
  content: string,
): Promise<ChatMessage> {
  const row = await sendsRepo.insertMessage(ctx.database.db, {
    roomId,
    senderId: null,
    botName,
    content,
    createdAt: ctx.now(),
  });
  const message = presentMessage({
    message: row,
    senderName: null,
    senderProfileImageUrl: null,
    attachments: [],
    reply: null,
  });
  publishAfterCommit(ctx, Topics.chatRoom(roomId), newMessageEvent(message));
  await emitDomainEvent(ctx, {
    type: 'CHAT_BOT_MESSAGE_POSTED',
    roomId,
    messageId: message.id,
    botName,
    content: message.content,
  });
  return message;
}

/**
 * `<@all>` and `<@here>` wake the whole room: only its owner (who made it) and the workspace's
 * owner and admins may use them. Read only when the text has one (the access read is cached).
 */
async function assertMayMention(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  content: string,
): Promise<void> {
  if (!parseMentions(content).everyone) return;
  const { room, role } = await accessRoom(ctx, userId, workspaceId, roomId);
  assertMayMentionEveryone(room, userId, role);
}

const replyTargetInvalid = () =>
  badRequest(ErrorCode.CHAT_REPLY_TARGET_INVALID, M.replyTargetNotFound);

/**
 * The hot path: access, the original a reply answers, insert and the sender's read pointer
 * (sending implies having read everything up to one's own message) in one statement, shared by
 * the plain texts sent at the same moment.
 */
async function storeText(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  content: string,
  replyTo: number | undefined,
): Promise<{ message: ChatMessage; published: boolean }> {
  const createdAt = ctx.now();
  const input = { roomId, workspaceId, userId, content, createdAt };
  // A plain text joins the sends of the same moment in one statement with its live event
  // (text-sends.ts); a reply is stored on its own.
  const { stored: sent, published }: { stored: StoredSend; published: boolean } =
    replyTo === undefined
      ? await storeTextMessage(ctx, {
          ...input,
          event: {
            topic: Topics.chatRoom(roomId),
            payload: newTextMessageEventTemplate({ roomId, senderId: userId, content, createdAt }),
          },
        })
      : {
          stored: await sendsRepo.insertTextMessageIfAllowed(ctx.database.db, {
            ...input,
            replyTo,
          }),
          published: false,
        };
  if (!sent?.message) {
    const allowed =
      sent !== undefined &&
      sent.workspaceId === workspaceId &&
      sent.role !== null &&
      sent.roomMember !== null;
    if (allowed && !sent.replyFound) throw replyTargetInvalid();
    return refuseRoomAccess(ctx, userId, workspaceId, sent);
  }
  return {
    message: sent.presented ?? presentStoredText({ ...sent, message: sent.message }),
    published,
  };
}

/** A message with its files: the message and every attachment row in one transaction. */
async function storeWithFiles(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  content: string,
  uploads: readonly StoredUpload[],
  replyTo: number | undefined,
): Promise<ChatMessage> {
  const { caller } = await accessRoom(ctx, userId, workspaceId, roomId);
  const reply =
    replyTo === undefined ? null : await repo.findReplyTarget(ctx.database.db, roomId, replyTo);
  if (reply === undefined) throw replyTargetInvalid();
  const newMessage = {
    roomId,
    senderId: userId,
    content,
    createdAt: ctx.now(),
    replyToId: replyTo ?? null,
  };
  const { row, attachments } = await ctx.database.db.transaction(async (tx) => {
    const inserted = await sendsRepo.insertMessage(tx, newMessage);
    return {
      row: inserted,
      attachments: await filesRepo.insertAttachments(tx, inserted.id, uploads),
    };
  });
  await roomsRepo.advanceLastRead(ctx.database.db, roomId, userId, row.id);
  return presentMessage({
    message: row,
    senderName: caller.name,
    senderProfileImageUrl: caller.profileImageUrl,
    attachments,
    reply,
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
  assertSendsAsSelf(input.senderId, userId);
  return sendMessage(ctx, userId, workspaceId, roomId, input.content, undefined, input.replyTo);
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
  assertMayDeleteMessage(view.message, userId, role);
  if (await repo.softDeleteMessage(ctx.database.db, messageId, ctx.now())) {
    // A deleted message's files go too: they are no longer shown to anyone.
    const keys = await filesRepo.deleteAttachmentsOf(ctx.database.db, messageId);
    if (keys.length > 0) await deleteStoredFiles(ctx.storage, ctx.logger, keys);
    await publish(ctx, Topics.chatRoom(roomId), {
      type: 'CHAT_MESSAGE_DELETED',
      chatRoomId: roomId,
      messageId,
    });
  }
}

/** A message of this room as the room is shown it now, reactions included. */
async function presentedMessage(ctx: AppContext, messageId: number): Promise<ChatMessage> {
  const view = await repo.findMessage(ctx.database.db, messageId);
  if (!view) throw messageNotFound();
  const reactions = await reactionsRepo.reactionsOf(ctx.database.db, [messageId]);
  return presentMessage({ ...view, reactions });
}

/**
 * The author's new text for their text message (not one with a file; a deleted one is gone);
 * the old text is kept for the room's edit history. Everyone in the room hears the edit.
 */
export async function editMessage(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  messageId: number,
  content: string,
): Promise<ChatMessage> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const view = await repo.findMessage(ctx.database.db, messageId);
  if (!view || view.message.roomId !== roomId || view.message.deletedAt !== null) {
    throw messageNotFound();
  }
  assertMayEditMessage(view.message, userId);
  if (view.attachments.length > 0)
    throw conflict(ErrorCode.CHAT_EDIT_NOT_TEXT, M.fileMessageNotEditable);
  const text = content.trim();
  await assertMayMention(ctx, userId, workspaceId, roomId, text);
  if (text === view.message.content) return presentedMessage(ctx, messageId);
  const edited = await repo.editMessage(ctx.database.db, {
    messageId,
    previous: view.message.content,
    content: text,
    now: ctx.now(),
  });
  // Deleted or edited again meanwhile: answer what it is now, announce nothing of ours.
  const message = await presentedMessage(ctx, messageId);
  if (edited) {
    await publish(ctx, Topics.chatRoom(roomId), {
      type: 'CHAT_MESSAGE_EDITED',
      chatRoomId: roomId,
      messageId,
      message,
    });
  }
  return message;
}

/** A message's earlier texts of the last EDIT_HISTORY_HOURS hours, for the room's members. */
export async function editHistory(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  messageId: number,
): Promise<ChatMessageEdit[]> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const place = await repo.messagePlace(ctx.database.db, messageId);
  if (!place || place.roomId !== roomId) throw messageNotFound();
  if (place.deletedAt !== null) return [];
  const since = new Date(ctx.now().getTime() - EDIT_HISTORY_HOURS * 3_600_000);
  const rows = await repo.editsOf(ctx.database.db, messageId, since);
  return rows.map((row) => ({ content: row.content, replacedAt: row.replacedAt.toISOString() }));
}
