import { ChatMessages as M } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/refusals';
import {
  assertMayDeleteMessage,
  assertMayEditMessage,
  assertMayMentionEveryone,
  assertMayPin,
  assertSendsAsSelf,
  canDeleteMessage,
  canEditMessage,
  canModerateRoom,
  canPinNotice,
} from './chat.policy';

const roomOwner = 3;
const room = { createdBy: roomOwner };
const groupRoom = { ...room, type: 'GROUP' as const };
const author = 4;
const message = { senderId: author };
const someone = 5;
const roles: WorkspaceRole[] = ['OWNER', 'ADMIN', 'MEMBER'];

describe('chat policy', () => {
  it("lets the room's owner and the workspace moderators pin and wake the room", () => {
    expect(canModerateRoom(room, roomOwner, 'MEMBER')).toBe(true);
    expect(roles.filter((role) => canModerateRoom(room, someone, role))).toEqual([
      'OWNER',
      'ADMIN',
    ]);
    // A room whose maker left the service is moderated by the workspace only.
    expect(canModerateRoom({ createdBy: null }, someone, 'MEMBER')).toBe(false);
    expect(refusalOf(() => assertMayPin(groupRoom, someone, 'MEMBER'))).toEqual({
      status: 403,
      code: ErrorCode.CHAT_PIN_FORBIDDEN,
      detail: M.pinForbidden,
    });
    expect(refusalOf(() => assertMayMentionEveryone(room, someone, 'MEMBER'))).toEqual({
      status: 403,
      code: ErrorCode.CHAT_MENTION_ALL_FORBIDDEN,
      detail: M.mentionAllForbidden,
    });
    expect(refusalOf(() => assertMayPin(groupRoom, roomOwner, 'MEMBER'))).toBeUndefined();
  });

  it('lets either member of a 1:1 DM pin its notice, but not wake everyone', () => {
    const dm = { createdBy: roomOwner, type: 'PERSONAL' as const };
    expect(canPinNotice(dm, someone, 'MEMBER')).toBe(true);
    expect(refusalOf(() => assertMayPin(dm, someone, 'MEMBER'))).toBeUndefined();
    expect(canPinNotice(groupRoom, someone, 'MEMBER')).toBe(false);
    expect(canModerateRoom(dm, someone, 'MEMBER')).toBe(false);
  });

  it('lets the author and the workspace moderators delete a message', () => {
    expect(canDeleteMessage(message, author, 'MEMBER')).toBe(true);
    expect(roles.filter((role) => canDeleteMessage(message, someone, role))).toEqual([
      'OWNER',
      'ADMIN',
    ]);
    // The room's owner is no moderator of messages.
    expect(canDeleteMessage(message, roomOwner, 'MEMBER')).toBe(false);
    expect(refusalOf(() => assertMayDeleteMessage(message, someone, 'MEMBER'))).toEqual({
      status: 403,
      code: ErrorCode.CHAT_DELETE_FORBIDDEN,
      detail: M.deleteForbidden,
    });
  });

  it('lets the author alone edit, whatever their role', () => {
    expect(canEditMessage(message, author)).toBe(true);
    expect(canEditMessage(message, someone)).toBe(false);
    expect(refusalOf(() => assertMayEditMessage(message, someone))).toEqual({
      status: 403,
      code: ErrorCode.CHAT_EDIT_FORBIDDEN,
      detail: M.editForbidden,
    });
  });

  it('takes a named sender only when it is the caller', () => {
    expect(refusalOf(() => assertSendsAsSelf(undefined, author))).toBeUndefined();
    expect(refusalOf(() => assertSendsAsSelf(author, author))).toBeUndefined();
    expect(refusalOf(() => assertSendsAsSelf(someone, author))).toMatchObject({
      status: 403,
      code: ErrorCode.ACCOUNT_MISMATCH,
    });
  });
});
