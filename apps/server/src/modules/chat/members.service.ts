import {
  ChatMessages as M,
  type ChatMember,
  type ChatNotifyLevel,
  type ChatNotifyLevelState,
} from '@teamup/contracts/chat';
import { Topics, type LiveEvent } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { AccessCaches, clearAccessCaches } from '../../platform/access-cache';
import { announceAccessChange } from '../../platform/realtime/live-access';
import { presentMember } from './chat.presenter';
import * as repo from './chat.repo';
import { accessRoom, notRoomMember, publish } from './room-access';

/* Who is in a room: listing, leaving, and the membership questions the live side asks. */

export async function listMembers(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<ChatMember[]> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  return (await repo.membersOf(ctx.database.db, [roomId])).map(presentMember);
}

/**
 * The caller's notification level in a room (null: follow their notification settings); their
 * other tabs and devices hear it on their own topic.
 */
export async function setNotifyLevel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  level: ChatNotifyLevel | null,
): Promise<ChatNotifyLevelState> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const state = { chatRoomId: roomId, level };
  // Left the room between the access check and the write.
  if (!(await repo.setNotifyLevel(ctx.database.db, roomId, userId, level))) throw notRoomMember();
  await publish(ctx, Topics.user(userId), { type: 'CHAT_NOTIFY_LEVEL_CHANGED', ...state });
  return state;
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

/**
 * Takes `userId` out of the room as leaving it does, whoever asked (they, or their team's room
 * following the team): their room access is forgotten, the room and they hear CHAT_MEMBER_LEFT,
 * and their live connections drop the room.
 */
export async function removeFromRoom(ctx: AppContext, room: repo.RoomRow, userId: number) {
  const [member] = (await repo.membersOf(ctx.database.db, [room.id])).filter(
    (candidate) => candidate.userId === userId,
  );
  if (!(await repo.removeMember(ctx.database.db, room.id, userId))) return;
  await clearAccessCaches(ctx, {
    caches: [AccessCaches.room],
    scopeIds: [room.id],
    userIds: [userId],
  });
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

/** Ids of the rooms a live connection of `userId` listens to. */
export function roomIdsOf(ctx: AppContext, userId: number): Promise<number[]> {
  return repo.roomIdsOfUser(ctx.database.db, userId);
}

/** Whether `userId` is in the room (live subscriptions check it per destination). */
export function isRoomMember(ctx: AppContext, roomId: number, userId: number): Promise<boolean> {
  return repo.isMember(ctx.database.db, roomId, userId);
}
