import { ChatMessages as M } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { LiveEvent } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { AccessCaches, accessCacheOf } from '../../platform/access-cache';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { requireMembership } from '../workspaces/membership.service';
import * as repo from './chat.repo';

type RoomAccessRow = NonNullable<Awaited<ReturnType<typeof repo.accessOf>>>;

export const roomNotFound = () => notFound(M.roomNotFound, ErrorCode.CHAT_ROOM_NOT_FOUND);
export const notRoomMember = () => forbidden(M.notRoomMember, ErrorCode.CHAT_NOT_MEMBER);
export const messageNotFound = () => notFound(M.messageNotFound, ErrorCode.CHAT_MESSAGE_NOT_FOUND);

/** A chat event onto the bus (and so to SSE streams and STOMP subscribers of the topic). */
export async function publish(ctx: AppContext, topic: string, event: LiveEvent) {
  await ctx.bus.publish(topic, event);
}

/**
 * Publishes a committed change's live event without holding the caller: the event log's write is
 * after-commit work, like the notices. Events keep their order (the bus queues them as called);
 * a failure is logged, and the change it tells of stays committed.
 */
export function publishAfterCommit(ctx: AppContext, topic: string, event: LiveEvent): void {
  ctx.bus.publish(topic, event).catch((error: unknown) => {
    ctx.logger.error({ err: error, topic }, 'live event not published');
  });
}

/**
 * The room of this workspace; the caller must be in the workspace (and, unless told otherwise,
 * in the room). One query on the way in; the slower checks run only to name a refusal.
 */
export async function accessRoom(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  options: { mustBeMember: boolean } = { mustBeMember: true },
) {
  // A member's access read is kept per instance (platform/access-cache.ts); leaving the room,
  // its rename, a role change, a profile change and every removal from the workspace clear it.
  // Refusals are not kept: they are read again each time.
  let read: RoomAccessRow | undefined;
  const kept = await accessCacheOf<RoomAccessRow>(ctx, AccessCaches.room).get(
    roomId,
    userId,
    async () => {
      read = await repo.accessOf(ctx.database.db, roomId, userId);
      return read && read.role !== null && read.roomMember !== null ? read : undefined;
    },
  );
  const found = kept ?? read;
  if (!found || found.room.workspaceId !== workspaceId || found.role === null) {
    return refuseRoomAccess(ctx, userId, workspaceId, undefined);
  }
  if (options.mustBeMember && found.roomMember === null) {
    return refuseRoomAccess(ctx, userId, workspaceId, { ...found, workspaceId });
  }
  return {
    room: found.room,
    role: found.role,
    caller: { name: found.name ?? M.unknownSender, profileImageUrl: found.profileImageUrl },
  };
}

/**
 * Throws the problem that names why a caller may not use a room, from what an access read found:
 * workspace problems (404, 403) before the room's own 404, then "not in this room".
 */
export async function refuseRoomAccess(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  found: { workspaceId: number; role: string | null; roomMember: number | null } | undefined,
): Promise<never> {
  if (!found || found.workspaceId !== workspaceId || found.role === null) {
    await requireMembership(ctx, workspaceId, userId);
    throw roomNotFound();
  }
  throw notRoomMember();
}

// --- access steps of chat's routes (decision 0036): checked before a body or query is read ---

/** A workspace's chat: the caller is a member of the workspace. */
export async function reachChat(ctx: AppContext, userId: number, workspaceId: number) {
  await requireMembership(ctx, workspaceId, userId);
}

/**
 * A room by its path: the caller is in the workspace and the room is one of its rooms. Whether
 * they must be in the room too, each operation decides (joining is for those who are not).
 */
export async function reachRoom(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
) {
  await accessRoom(ctx, userId, workspaceId, roomId, { mustBeMember: false });
}

/** The access step of every route whose path names a room, as `routesFor` takes it. */
export const roomAccessStep = (ctx: AppContext) => ({
  access: ({
    params,
    userId,
  }: {
    params: { workspaceId: number; roomId: number };
    userId: number;
  }) => reachRoom(ctx, userId, params.workspaceId, params.roomId),
});

/**
 * Someone's rooms (`accounts/{accountId}`): only one's own, in a workspace one is in or in all
 * of them (`*`).
 */
export async function reachAccountRooms(
  ctx: AppContext,
  userId: number,
  accountId: number,
  workspaceId: number | '*',
) {
  if (accountId !== userId) {
    throw forbidden(M.otherAccountRooms, ErrorCode.ACCOUNT_MISMATCH);
  }
  if (workspaceId !== '*') await requireMembership(ctx, workspaceId, userId);
}
