import type { ChatMember, ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { NewChatMessageEvent } from '@teamup/contracts/events';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { tokenStore } from '../../../lib/token-store';
import { FakeEventSource } from '../../../test/fake-event-source';
import { ok, stubApi, type ApiCall, type ApiHandler } from '../../../test/stub-api';

export const ME = 3;
export const OTHER = 5;

const base = Date.parse('2026-03-02T05:00:00.000Z');

/** A message from the server; `minute` orders them (and ids follow when not given). */
export function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    chatRoomId: 4,
    senderId: OTHER,
    senderName: '이서연',
    senderProfileImageUrl: null,
    content: `메시지 ${id}`,
    deleted: false,
    sentAt: new Date(base + id * 60_000).toISOString(),
    attachments: [],
    replyTo: null,
    reactions: [],
    editedAt: null,
    ...overrides,
  };
}

/** `count` messages with ids from..from+count-1, oldest first. */
export function messages(from: number, count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, index) => message(from + index));
}

export function member(accountId: number, name: string): ChatMember {
  return {
    id: accountId * 10,
    accountId,
    name,
    accountName: name,
    email: `${accountId}@example.com`,
    profileImageUrl: null,
    joinedAt: '2026-01-01T00:00:00.000Z',
  };
}

export function room(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 4,
    workspaceId: 1,
    name: '이서연',
    type: 'PERSONAL',
    memberCount: 2,
    members: [member(ME, '김민지'), member(OTHER, '이서연')],
    unreadCount: 0,
    lastReadMessageId: null,
    lastMessage: null,
    notifyLevel: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: OTHER,
    ...overrides,
  };
}

export function page<T>(content: T[], totalElements = content.length): Page<T> {
  return {
    content,
    totalPages: 1,
    totalElements,
    size: content.length,
    pageable: { pageNumber: 0, pageSize: content.length },
    first: true,
    last: true,
  };
}

export function newMessageEvent(
  id: number,
  overrides: Partial<Omit<NewChatMessageEvent, 'type' | 'message'>> = {},
): NewChatMessageEvent {
  const real = message(id);
  const fields = {
    messageId: id,
    chatRoomId: real.chatRoomId,
    content: real.content,
    senderId: real.senderId,
    senderName: real.senderName,
    senderProfileImageUrl: null,
    sentAt: real.sentAt,
    attachments: [],
    ...overrides,
  };
  // The server makes both from one presented message: the overrides reach `message` too.
  const { messageId, ...shown } = fields;
  return {
    type: 'NEW_CHAT_MESSAGE',
    ...fields,
    message: {
      replyTo: null,
      reactions: [],
      editedAt: null,
      ...shown,
      id: messageId,
      deleted: false,
    },
  };
}

export const meUser = {
  id: ME,
  name: '김민지',
  email: 'minji@demo.teamup',
  profileImageUrl: null,
};

export function workspace(myRole: 'OWNER' | 'ADMIN' | 'MEMBER' = 'MEMBER') {
  return {
    id: 1,
    name: '캡스톤',
    iconUrl: null,
    inviteCode: 'AbCdEf1234',
    url: 'http://localhost/#/ws/AbCdEf1234',
    passwordProtected: false,
    isClass: false,
    owner: { id: 9 },
    myRole,
    memberCount: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/**
 * Stubs fetch: the session (as 김민지), the workspace list and the live ticket are answered here,
 * everything else by `handler` (404 when it answers nothing). Every call is recorded.
 */
export function stubChatApi(
  handler: ApiHandler,
  { myRole = 'MEMBER' }: { myRole?: 'OWNER' | 'ADMIN' | 'MEMBER' } = {},
): ApiCall[] {
  const calls = stubApi(
    (call) => {
      if (call.path === '/api/workspaces/my') return ok([workspace(myRole)]);
      if (call.path === '/api/sse/register') {
        return ok({ ticket: `ticket-${calls.length}`, expiresAt: '2026-03-02T09:01:00.000Z' });
      }
      return handler(call);
    },
    { user: meUser },
  );
  return calls;
}

/** What jsdom lacks for chat screens: FontFaceSet (autosizing textareas) and EventSource. */
export function installChatShims() {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
}

/**
 * The frame of a signed-in screen's tests: before each, chat's shims and my stored session; after
 * each, the DOM, stubbed globals and fake timers undone.
 */
export function signedInScreenTests(userId: number = ME) {
  beforeEach(() => {
    installChatShims();
    localStorage.clear();
    tokenStore.save({ token: 'access', refreshToken: 'refresh', userId });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
