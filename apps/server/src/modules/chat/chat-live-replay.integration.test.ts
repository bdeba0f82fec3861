import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { parseResumePoint } from '../../platform/realtime/resume-point';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

/*
 * A reconnecting stream's replay (Last-Event-ID) tells today's state (issue 39): a message deleted
 * while the client was away comes back without its text, an edited one with its text now, and
 * only rooms the user is in now are replayed. The client is the `eventsource` package (a WHATWG
 * EventSource), reconnecting by itself with the Last-Event-ID header.
 */

let app: TestApp;
let baseUrl: string;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let workspace: Workspace;
const closers: Array<() => void> = [];

beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await listenLocally(app);
  alice = await createUser(app, '앨리스');
  carol = await createUser(app, '캐럴');
  bob = await createUser(app, '밥');
  workspace = dataOf<Workspace>(
    await call(app, alice, 'POST', '/api/workspaces', { name: '재연결 수업' }),
  );
  for (const person of [bob, carol]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
});
afterAll(async () => {
  for (const close of closers) close();
  await app?.close();
});

const rooms = () => `/api/workspaces/${workspace.id}/chat-rooms`;

async function group(members: TestUser[], name: string) {
  const response = await call(app, alice, 'POST', `${rooms()}/create`, {
    name,
    type: 'GROUP',
    chatMemberIdList: members.map((member) => member.userId),
    workspaceId: workspace.id,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<ChatRoom>(response);
}

async function send(roomId: number, content: string) {
  const response = await call(app, alice, 'POST', `${rooms()}/${roomId}/messages`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<ChatMessage>(response);
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Heard = { id: string; data: Record<string, unknown> };

/**
 * A stock EventSource with a bearer token whose reconnect waits until `reconnect()` is called, so
 * the test decides what happens while it is away.
 */
function gatedEventSource(token: string) {
  const heard: Heard[] = [];
  const lastEventIds: Array<string | null> = [];
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const source = new EventSource(`${baseUrl}/api/sse/subscribe`, {
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      lastEventIds.push(headers.get('last-event-id'));
      if (lastEventIds.length > 1) await gate;
      return fetch(input, { ...init, headers });
    },
  });
  source.onmessage = (message) => {
    heard.push({
      id: message.lastEventId,
      data: JSON.parse(String(message.data)) as Record<string, unknown>,
    });
  };
  closers.push(() => source.close());
  return { source, heard, lastEventIds, reconnect: () => open() };
}

describe('SSE replay after a reconnect', () => {
  it('replays deleted messages without their text, edited ones as they are now, and only rooms the user is in now', async () => {
    const before = await group([carol], '처음부터 있던 방');
    const leftRoom = await group([carol], '나갈 방');
    const room = await group([bob], '나중에 들어갈 방');

    const client = gatedEventSource(carol.token);
    await until(() => client.source.readyState === EventSource.OPEN, 'open');
    await send(before.id, '연결 중');
    await until(() => client.heard.some((e) => e.data['content'] === '연결 중'), 'first message');

    // The server ends the stream; the client will reconnect once the gate opens.
    await call(app, carol, 'POST', '/api/sse/cleanup');
    await until(() => client.lastEventIds.length === 2, 'reconnect attempt');
    const heardBeforeReconnect = client.heard.length;

    // Meanwhile: a message sent and deleted in a room Carol is not in yet; one sent and edited;
    // then Carol joins. And a room she leaves, then hears of no more.
    const secret = await send(room.id, '지워질 비밀');
    const deleted = await call(
      app,
      alice,
      'PATCH',
      `${rooms()}/${room.id}/messages/${secret.id}/delete`,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    const draft = await send(room.id, '처음 쓴 말');
    const edited = await call(app, alice, 'PATCH', `${rooms()}/${room.id}/messages/${draft.id}`, {
      content: '고친 말',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const left = await call(app, carol, 'PATCH', `${rooms()}/${leftRoom.id}/leave`);
    expect(left.statusCode, left.body).toBe(204);
    await send(leftRoom.id, '나간 뒤의 말');
    const joined = await call(app, carol, 'POST', `${rooms()}/${room.id}/join`);
    expect(joined.statusCode, joined.body).toBe(200);

    client.reconnect();
    await until(() => client.source.readyState === EventSource.OPEN, 'reopen');
    await send(room.id, '다시 연결된 뒤');
    await until(() => client.heard.some((e) => e.data['content'] === '다시 연결된 뒤'), 'live');

    expect(parseResumePoint(client.lastEventIds[1] ?? '')?.horizon).toBeGreaterThan(0);
    const replayed = client.heard.slice(heardBeforeReconnect);
    const text = JSON.stringify(replayed);
    expect(text).not.toContain('지워질 비밀');
    expect(text).not.toContain('처음 쓴 말');
    expect(text).not.toContain('나간 뒤의 말');

    const news = replayed.filter((e) => e.data['type'] === 'NEW_CHAT_MESSAGE');
    const told = (id: number) => news.find((e) => e.data['messageId'] === id)?.data;
    // Told as the room's history shows it: there, deleted.
    expect(told(secret.id)).toMatchObject({
      content: '',
      attachments: [],
      message: { id: secret.id, content: '', deleted: true, attachments: [], reactions: [] },
    });
    expect(told(draft.id)).toMatchObject({
      content: '고친 말',
      message: { content: '고친 말', deleted: false },
    });
    const editedEvent = replayed.find((e) => e.data['type'] === 'CHAT_MESSAGE_EDITED');
    expect(editedEvent?.data).toMatchObject({
      messageId: draft.id,
      message: { content: '고친 말' },
    });
    expect(replayed.some((e) => e.data['type'] === 'CHAT_MESSAGE_DELETED')).toBe(true);
    expect(news.some((e) => e.data['chatRoomId'] === leftRoom.id)).toBe(false);
    client.source.close();
  }, 60_000);
});
