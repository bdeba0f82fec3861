import {
  ChatMessages as M,
  type ChatAttachment,
  type ChatMember,
  type ChatMessage,
  type ChatRoom,
  type createChatRoomSchema,
} from '@teamup/contracts/chat';
import { toPage, type Page } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics, type LiveEvent } from '@teamup/contracts/events';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error';
import { deleteStoredFiles, registerOwnedFiles } from '../../platform/storage/owned-files';
import type { StoredUpload } from '../../platform/storage/uploads';
import {
  isAdminRole,
  memberIdsAmong,
  registerMemberRemovalStep,
  requireMembership,
} from '../workspaces/workspaces.service';
import * as repo from './chat.repo';
import { emitDomainEvent } from '../../platform/domain-events';
import { announceAccessChange } from '../live/live-access';

type CreateRoomInput = z.output<typeof createChatRoomSchema>;

const roomNotFound = () => notFound(M.roomNotFound, ErrorCode.CHAT_ROOM_NOT_FOUND);
const notRoomMember = () => forbidden(M.notRoomMember, ErrorCode.CHAT_NOT_MEMBER);

async function publish(ctx: AppContext, topic: string, event: LiveEvent) {
  await ctx.bus.publish(topic, event);
}

// --- presenting ------------------------------------------------------------------------------

function presentAttachment(row: repo.AttachmentRow): ChatAttachment {
  return {
    id: row.id,
    type: row.isImage ? 'image' : 'file',
    url: `/api/chat-attachments/${row.id}`,
    fileName: row.originalName,
    size: row.size,
  };
}

function presentMessage(view: repo.MessageView): ChatMessage {
  const deleted = view.message.deletedAt !== null;
  return {
    id: view.message.id,
    chatRoomId: view.message.roomId,
    senderId: view.message.senderId ?? 0,
    senderName: view.senderName ?? M.unknownSender,
    senderProfileImageUrl: view.senderProfileImageUrl,
    content: deleted ? '' : view.message.content,
    deleted,
    sentAt: view.message.createdAt.toISOString(),
    attachment: view.attachment && !deleted ? presentAttachment(view.attachment) : null,
  };
}

function presentMember(row: repo.MemberRow): ChatMember {
  return {
    id: row.userId,
    accountId: row.userId,
    name: row.name,
    accountName: row.name,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** Rooms as `viewerId` sees them: DMs named after the other person, their unread counts. */
async function presentRooms(db: Db, viewerId: number, rooms: repo.RoomRow[]): Promise<ChatRoom[]> {
  const ids = rooms.map((room) => room.id);
  const [members, unread, last] = [
    await repo.membersOf(db, ids),
    await repo.unreadCounts(db, viewerId, ids),
    await repo.lastMessages(db, ids),
  ];
  return rooms.map((room) => {
    const roomMembers = members.filter((member) => member.roomId === room.id);
    const me = roomMembers.find((member) => member.userId === viewerId);
    const other = roomMembers.find((member) => member.userId !== viewerId);
    const lastMessage = last.get(room.id);
    return {
      id: room.id,
      workspaceId: room.workspaceId,
      name: room.type === 'PERSONAL' ? (other?.name ?? M.unknownSender) : (room.name ?? ''),
      type: room.type,
      memberCount: roomMembers.length,
      members: roomMembers.map(presentMember),
      unreadCount: unread.get(room.id) ?? 0,
      lastReadMessageId: me?.lastReadMessageId ?? null,
      lastMessage: lastMessage ? presentMessage(lastMessage) : null,
      createdAt: room.createdAt.toISOString(),
    };
  });
}

async function presentRoom(ctx: AppContext, viewerId: number, room: repo.RoomRow) {
  const [presented] = await presentRooms(ctx.database.db, viewerId, [room]);
  if (!presented) throw roomNotFound();
  return presented;
}

// --- access ----------------------------------------------------------------------------------

/**
 * The room of this workspace; the caller must be in the workspace (and, unless told otherwise,
 * in the room). One query on the way in; the slower checks run only to name a refusal.
 */
async function accessRoom(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  options: { mustBeMember: boolean } = { mustBeMember: true },
) {
  const found = await repo.accessOf(ctx.database.db, roomId, userId);
  if (!found || found.room.workspaceId !== workspaceId || found.role === null) {
    // Workspace problems (404, 403) come before the room's own 404.
    await requireMembership(ctx, workspaceId, userId);
    throw roomNotFound();
  }
  if (options.mustBeMember && found.roomMember === null) throw notRoomMember();
  return {
    room: found.room,
    role: found.role,
    caller: { name: found.name ?? M.unknownSender, profileImageUrl: found.profileImageUrl },
  };
}

// --- rooms -----------------------------------------------------------------------------------

export async function listRooms(
  ctx: AppContext,
  userId: number,
  workspaceId: number | null,
  query: { page: number; size: number; sort: string },
): Promise<Page<ChatRoom>> {
  if (workspaceId !== null) await requireMembership(ctx, workspaceId, userId);
  const { rooms, total } = await repo.roomsOfUser(ctx.database.db, userId, workspaceId, {
    offset: query.page * query.size,
    limit: query.size,
    newestFirst: query.sort !== 'createdAt,asc',
  });
  return toPage(await presentRooms(ctx.database.db, userId, rooms), total, query);
}

/** The invited people who are in the workspace, the caller left out. */
async function invitees(ctx: AppContext, workspaceId: number, userId: number, ids: number[]) {
  const others = [...new Set(ids)].filter((id) => id !== userId);
  const valid = await memberIdsAmong(ctx, workspaceId, others);
  if (valid.length !== others.length) {
    throw badRequest(ErrorCode.CHAT_MEMBERS_INVALID, M.notWorkspaceMembers);
  }
  return others;
}

async function announceJoins(ctx: AppContext, room: repo.RoomRow, userIds: number[]) {
  if (userIds.length === 0) return;
  const members = await repo.membersOf(ctx.database.db, [room.id]);
  for (const userId of userIds) {
    const event: LiveEvent = {
      type: 'CHAT_MEMBER_JOINED',
      chatRoomId: room.id,
      workspaceId: room.workspaceId,
      userId,
      userName: members.find((member) => member.userId === userId)?.name ?? M.unknownSender,
    };
    await publish(ctx, Topics.chatRoom(room.id), event);
    // The newcomer is not listening to the room yet: tell them directly.
    await publish(ctx, Topics.user(userId), event);
  }
}

export async function createGroup(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: CreateRoomInput,
): Promise<ChatRoom> {
  await requireMembership(ctx, workspaceId, userId);
  const name = input.name?.trim();
  if (!name) throw badRequest(ErrorCode.CHAT_GROUP_NAME_REQUIRED, M.groupNameRequired);
  const others = await invitees(ctx, workspaceId, userId, input.chatMemberIdList);
  if (others.length === 0) throw badRequest(ErrorCode.CHAT_MEMBERS_INVALID, M.pickSomeone);
  const room = await ctx.database.db.transaction(async (tx) => {
    const created = await repo.insertRoom(tx, {
      workspaceId,
      type: 'GROUP',
      name,
      createdBy: userId,
      createdAt: ctx.now(),
    });
    if (!created) throw new Error('group insert returned nothing');
    await repo.addMembers(tx, created.id, [userId, ...others]);
    return created;
  });
  await announceJoins(ctx, room, [userId, ...others]);
  return presentRoom(ctx, userId, room);
}

/** A group room with its members, inside the caller's transaction (team formation). */
export async function createGroupInTransaction(
  db: Db,
  input: { workspaceId: number; name: string; createdBy: number; memberIds: number[]; now: Date },
): Promise<number> {
  const created = await repo.insertRoom(db, {
    workspaceId: input.workspaceId,
    type: 'GROUP',
    name: input.name,
    createdBy: input.createdBy,
    createdAt: input.now,
  });
  if (!created) throw new Error('group insert returned nothing');
  await repo.addMembers(db, created.id, [...new Set(input.memberIds)]);
  return created.id;
}

/** The DM of the caller and one other person; the existing one when there is one. */
export async function createDm(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: CreateRoomInput,
): Promise<{ room: ChatRoom; created: boolean }> {
  await requireMembership(ctx, workspaceId, userId);
  const others = await invitees(ctx, workspaceId, userId, input.chatMemberIdList);
  if (others.length === 0) throw badRequest(ErrorCode.CHAT_MEMBERS_INVALID, M.pickSomeone);
  if (others.length > 1) throw badRequest(ErrorCode.CHAT_DM_ONLY_TWO, M.dmExactlyOne);
  const other = others[0] as number;
  const dmKey = `${Math.min(userId, other)}:${Math.max(userId, other)}`;
  const existing = await repo.findDm(ctx.database.db, workspaceId, dmKey);
  if (existing) return { room: await presentRoom(ctx, userId, existing), created: false };
  const room = await ctx.database.db.transaction(async (tx) => {
    const inserted = await repo.insertRoom(tx, {
      workspaceId,
      type: 'PERSONAL',
      dmKey,
      createdBy: userId,
      createdAt: ctx.now(),
    });
    if (!inserted) return undefined; // made by the other person at this very moment
    await repo.addMembers(tx, inserted.id, [userId, other]);
    return inserted;
  });
  if (!room) {
    const raced = await repo.findDm(ctx.database.db, workspaceId, dmKey);
    if (!raced) throw roomNotFound();
    return { room: await presentRoom(ctx, userId, raced), created: false };
  }
  await announceJoins(ctx, room, [userId, other]);
  return { room: await presentRoom(ctx, userId, room), created: true };
}

export async function renameRoom(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  name: string,
): Promise<ChatRoom> {
  const { room } = await accessRoom(ctx, userId, workspaceId, roomId);
  if (room.type === 'PERSONAL') throw badRequest(ErrorCode.CHAT_DM_NOT_ALLOWED, M.dmNotRenamable);
  await repo.renameRoom(ctx.database.db, roomId, name);
  return presentRoom(ctx, userId, { ...room, name });
}

/** Any member of the workspace may join a group room; a DM is for its two people only. */
export async function joinRoom(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<ChatRoom> {
  const { room } = await accessRoom(ctx, userId, workspaceId, roomId, { mustBeMember: false });
  if (room.type === 'PERSONAL') {
    if (!(await repo.isMember(ctx.database.db, roomId, userId))) {
      throw badRequest(ErrorCode.CHAT_DM_NOT_ALLOWED, M.dmNotJoinable);
    }
    return presentRoom(ctx, userId, room);
  }
  const added = await repo.addMembers(ctx.database.db, roomId, [userId]);
  await announceJoins(ctx, room, added);
  return presentRoom(ctx, userId, room);
}

export async function leaveRoom(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<void> {
  const { room } = await accessRoom(ctx, userId, workspaceId, roomId);
  await removeFromRoom(ctx, room, userId);
}

async function removeFromRoom(ctx: AppContext, room: repo.RoomRow, userId: number) {
  const [member] = (await repo.membersOf(ctx.database.db, [room.id])).filter(
    (candidate) => candidate.userId === userId,
  );
  if (!(await repo.removeMember(ctx.database.db, room.id, userId))) return;
  const event: LiveEvent = {
    type: 'CHAT_MEMBER_LEFT',
    chatRoomId: room.id,
    workspaceId: room.workspaceId,
    userId,
    userName: member?.name ?? M.unknownSender,
  };
  await publish(ctx, Topics.chatRoom(room.id), event);
  await publish(ctx, Topics.user(userId), event);
  await announceAccessChange(ctx, { userIds: [userId] });
}

export async function listMembers(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<ChatMember[]> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  return (await repo.membersOf(ctx.database.db, [roomId])).map(presentMember);
}

// --- messages --------------------------------------------------------------------------------

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
 * Stores the message (with its file, if one was uploaded), then publishes it: the answer's id and
 * the event's messageId are one.
 */
export async function sendMessage(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  content: string,
  upload?: StoredUpload,
): Promise<ChatMessage> {
  const { caller } = await accessRoom(ctx, userId, workspaceId, roomId);
  const newMessage = { roomId, senderId: userId, content, createdAt: ctx.now() };
  const { row, attachment } = upload
    ? await ctx.database.db.transaction(async (tx) => {
        const inserted = await repo.insertMessage(tx, newMessage);
        return {
          row: inserted,
          attachment: await repo.insertAttachment(tx, { ...upload, messageId: inserted.id }),
        };
      })
    : { row: await repo.insertMessage(ctx.database.db, newMessage), attachment: null };
  const message = presentMessage({
    message: row,
    senderName: caller.name,
    senderProfileImageUrl: caller.profileImageUrl,
    attachment,
  });
  await Promise.all([
    // Sending implies having read everything up to one's own message.
    repo.advanceLastRead(ctx.database.db, roomId, userId, row.id),
    publishNewMessage(ctx, message),
  ]);
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

function publishNewMessage(ctx: AppContext, message: ChatMessage) {
  return publish(ctx, Topics.chatRoom(message.chatRoomId), {
    type: 'NEW_CHAT_MESSAGE',
    messageId: message.id,
    chatRoomId: message.chatRoomId,
    content: message.content,
    senderId: message.senderId,
    senderName: message.senderName,
    senderProfileImageUrl: message.senderProfileImageUrl,
    sentAt: message.sentAt,
    attachment: message.attachment,
  });
}

/**
 * A chat file for a member of its room. Anyone else, and a file of a deleted message, gets the
 * same 404: whether a file exists is not told to outsiders.
 */
export async function openAttachment(ctx: AppContext, userId: number, attachmentId: number) {
  const found = await repo.findAttachment(ctx.database.db, attachmentId);
  const visible =
    found !== undefined &&
    found.deletedAt === null &&
    (await repo.isMember(ctx.database.db, found.roomId, userId));
  if (!found || !visible) {
    throw notFound(M.attachmentNotFound, ErrorCode.CHAT_ATTACHMENT_NOT_FOUND);
  }
  return {
    attachment: found.attachment,
    stream: await ctx.storage.get(found.attachment.storageKey),
  };
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
  if (!view || view.message.roomId !== roomId) {
    throw notFound(M.messageNotFound, ErrorCode.CHAT_MESSAGE_NOT_FOUND);
  }
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

/** Moves the caller's read pointer forward and tells their other tabs and devices. */
export async function markRead(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  messageId: number,
): Promise<void> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const view = await repo.findMessage(ctx.database.db, messageId);
  if (!view || view.message.roomId !== roomId) {
    throw notFound(M.messageNotFound, ErrorCode.CHAT_MESSAGE_NOT_FOUND);
  }
  if (await repo.advanceLastRead(ctx.database.db, roomId, userId, messageId)) {
    const unread = await repo.unreadCounts(ctx.database.db, userId, [roomId]);
    await publish(ctx, Topics.user(userId), {
      type: 'CHAT_READ',
      chatRoomId: roomId,
      lastReadMessageId: messageId,
      unreadCount: unread.get(roomId) ?? 0,
    });
    await emitDomainEvent(ctx, { type: 'CHAT_ROOM_READ', userId, roomId });
  }
}

/** Ids of the rooms a live connection of `userId` listens to. */
export function roomIdsOf(ctx: AppContext, userId: number): Promise<number[]> {
  return repo.roomIdsOfUser(ctx.database.db, userId);
}

registerOwnedFiles((db, owner) => repo.storageKeysOf(db, owner));

/** Someone leaving the workspace (kicked, banned, left) leaves all of its chat rooms at once. */
registerMemberRemovalStep(async (db, workspaceId, userId) => {
  const roomIds = await repo.roomIdsOfUser(db, userId);
  for (const roomId of roomIds) {
    const room = await repo.findRoom(db, roomId);
    if (room?.workspaceId === workspaceId) await repo.removeMember(db, roomId, userId);
  }
});

/** Whether `userId` is in the room (live subscriptions check it per destination). */
export function isRoomMember(ctx: AppContext, roomId: number, userId: number): Promise<boolean> {
  return repo.isMember(ctx.database.db, roomId, userId);
}
