import { ChatMessages as M } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { LiveEvent } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { requireMembership } from '../workspaces/workspaces.service';
import * as repo from './chat.repo';

export const roomNotFound = () => notFound(M.roomNotFound, ErrorCode.CHAT_ROOM_NOT_FOUND);
const notRoomMember = () => forbidden(M.notRoomMember, ErrorCode.CHAT_NOT_MEMBER);
export const messageNotFound = () => notFound(M.messageNotFound, ErrorCode.CHAT_MESSAGE_NOT_FOUND);

/** A chat event onto the bus (and so to SSE streams and STOMP subscribers of the topic). */
export async function publish(ctx: AppContext, topic: string, event: LiveEvent) {
  await ctx.bus.publish(topic, event);
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
