import {
  ChatMessages as M,
  type ChatRoom,
  type createChatRoomSchema,
} from '@teamup/contracts/chat';
import { toPage, type Page } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics, type LiveEvent } from '@teamup/contracts/events';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AccessCaches, clearAccessCaches } from '../../platform/access-cache';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors/app-error';
import { memberIdsAmong, requireMembership } from '../workspaces/membership.service';
import { presentRoom } from './chat.presenter';
import * as repo from './chat.repo';
import { roomViews } from './room-views.repo';
import { accessRoom, publish, roomNotFound } from './room-access';
import { canModerateRoom } from './chat.policy';

/* Chat rooms: listing, group rooms and DMs, renaming, joining. */

type CreateRoomInput = z.output<typeof createChatRoomSchema>;

/** A room just made or changed, as `viewerId` sees it. */
async function presentOne(ctx: AppContext, viewerId: number, room: repo.RoomRow) {
  const { extras } = await roomViews(ctx.database.db, viewerId, { roomIds: [room.id] });
  return presentRoom(room, viewerId, extras);
}

export async function listRooms(
  ctx: AppContext,
  userId: number,
  workspaceId: number | null,
  query: { page: number; size: number; sort: string },
): Promise<Page<ChatRoom>> {
  if (workspaceId !== null) await requireMembership(ctx, workspaceId, userId);
  const { rooms, total, extras } = await roomViews(ctx.database.db, userId, {
    page: {
      workspaceId,
      offset: query.page * query.size,
      limit: query.size,
      newestFirst: query.sort !== 'createdAt,asc',
    },
  });
  const presented = rooms.map((room) => presentRoom(room, userId, extras));
  return toPage(presented, total, query);
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

/**
 * Each of `userIds`, just added to the room, hears it on their own topic (so their chat list shows
 * the room and their live connection starts following it) and the room's members hear it too.
 */
export async function announceJoins(ctx: AppContext, room: repo.RoomRow, userIds: number[]) {
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
  return presentOne(ctx, userId, room);
}

/**
 * A group room with its members, inside the caller's transaction (a team's room: `teamId` links
 * it to the team, whose membership it then follows, see team-rooms.service.ts).
 */
export async function createGroupInTransaction(
  db: Db,
  input: {
    workspaceId: number;
    name: string;
    createdBy: number;
    memberIds: number[];
    now: Date;
    teamId?: number;
  },
): Promise<number> {
  const created = await repo.insertRoom(db, {
    workspaceId: input.workspaceId,
    type: 'GROUP',
    name: input.name,
    createdBy: input.createdBy,
    createdAt: input.now,
    teamId: input.teamId ?? null,
  });
  if (!created) throw new Error('group insert returned nothing');
  await repo.addMembers(db, created.id, [...new Set(input.memberIds)]);
  return created.id;
}

/**
 * After the transaction that made a group room with `createGroupInTransaction` (a team's room):
 * each member hears that they are in it, so their open chat lists show it at once.
 */
export async function announceNewGroup(ctx: AppContext, roomId: number): Promise<void> {
  const room = await repo.findRoom(ctx.database.db, roomId);
  if (!room) return;
  const members = await repo.membersOf(ctx.database.db, [roomId]);
  await announceJoins(
    ctx,
    room,
    members.map((member) => member.userId),
  );
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
  if (existing) return { room: await presentOne(ctx, userId, existing), created: false };
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
    return { room: await presentOne(ctx, userId, raced), created: false };
  }
  await announceJoins(ctx, room, [userId, other]);
  return { room: await presentOne(ctx, userId, room), created: true };
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
  await clearAccessCaches(ctx, { caches: [AccessCaches.room], scopeIds: [roomId] });
  return presentOne(ctx, userId, { ...room, name });
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
    return presentOne(ctx, userId, room);
  }
  const added = await repo.addMembers(ctx.database.db, roomId, [userId]);
  await announceJoins(ctx, room, added);
  return presentOne(ctx, userId, room);
}

/**
 * Whether the caller, who must be in the room, moderates it (its maker, or the workspace's owner
 * or an admin): who manages what is attached to the room (its incoming webhooks).
 */
export async function moderatesRoom(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<boolean> {
  const { room, role } = await accessRoom(ctx, userId, workspaceId, roomId);
  return canModerateRoom(room, userId, role);
}
