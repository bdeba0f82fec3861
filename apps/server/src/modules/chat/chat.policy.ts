import { ChatMessages as M } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { forbidden } from '../../platform/errors/app-error';
import { canModerateWorkspace } from '../workspaces/workspaces.policy';

/*
 * Who may do what in a chat room (decision 0038), for HTTP and STOMP alike (both reach the chat
 * services, which call these after reading the room and the caller's workspace role). A room's
 * owner is who made it; the workspace's moderators (workspaces.policy.ts) stand above every room.
 */

type OwnedRoom = { createdBy: number | null };
type SentMessage = { senderId: number | null };

/** Wakes the whole room (`<@all>`, `<@here>`), and pins a group room's notice. */
export function canModerateRoom(room: OwnedRoom, userId: number, role: WorkspaceRole): boolean {
  return room.createdBy === userId || canModerateWorkspace(role);
}

/** A message is deleted by its author and the workspace's moderators. */
export function canDeleteMessage(
  message: SentMessage,
  userId: number,
  role: WorkspaceRole,
): boolean {
  return message.senderId === userId || canModerateWorkspace(role);
}

/** Only the author edits their words: a moderator removes, never rewrites. */
export function canEditMessage(message: SentMessage, userId: number): boolean {
  return message.senderId === userId;
}

type TypedRoom = OwnedRoom & { type: 'PERSONAL' | 'GROUP' };

/**
 * Pins the room's notice: in a 1:1 DM either of the two (as KakaoTalk's 공지; nobody else is in
 * it), in a group the room's owner and the workspace's moderators.
 */
export function canPinNotice(room: TypedRoom, userId: number, role: WorkspaceRole): boolean {
  return room.type === 'PERSONAL' || canModerateRoom(room, userId, role);
}

export function assertMayPin(room: TypedRoom, userId: number, role: WorkspaceRole): void {
  if (!canPinNotice(room, userId, role)) {
    throw forbidden(M.pinForbidden, ErrorCode.CHAT_PIN_FORBIDDEN);
  }
}

export function assertMayMentionEveryone(
  room: OwnedRoom,
  userId: number,
  role: WorkspaceRole,
): void {
  if (!canModerateRoom(room, userId, role)) {
    throw forbidden(M.mentionAllForbidden, ErrorCode.CHAT_MENTION_ALL_FORBIDDEN);
  }
}

export function assertMayDeleteMessage(
  message: SentMessage,
  userId: number,
  role: WorkspaceRole,
): void {
  if (!canDeleteMessage(message, userId, role)) {
    throw forbidden(M.deleteForbidden, ErrorCode.CHAT_DELETE_FORBIDDEN);
  }
}

export function assertMayEditMessage(message: SentMessage, userId: number): void {
  if (!canEditMessage(message, userId)) {
    throw forbidden(M.editForbidden, ErrorCode.CHAT_EDIT_FORBIDDEN);
  }
}

/** A body naming its sender (the spec's STOMP frames do) must name the caller. */
export function assertSendsAsSelf(senderId: number | undefined, userId: number): void {
  if (senderId !== undefined && senderId !== userId) {
    throw forbidden('다른 사용자로 메시지를 보낼 수 없습니다.', ErrorCode.ACCOUNT_MISMATCH);
  }
}
