import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { Limits } from '@teamup/contracts/limits';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { connectStomp, sendJson } from '../../../test/stomp-client';
import { createTestApp, listenLocally, type TestApp } from '../../../test/test-app';

/** A STOMP SEND holds the same input rules as the HTTP call it stands for. */
describe('STOMP input rules', () => {
  let app: TestApp;
  let wsUrl: string;
  let alice: TestUser;
  let workspace: Workspace;
  let room: ChatRoom;

  beforeAll(async () => {
    app = await createTestApp();
    wsUrl = `${(await listenLocally(app)).replace('http', 'ws')}/ws`;
    alice = await createUser(app, '앨리스');
    const bob = await createUser(app, '밥');
    workspace = dataOf<Workspace>(
      await call(app, alice, 'POST', '/api/workspaces', { name: 'STOMP 입력' }),
    );
    await call(app, bob, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    room = dataOf<ChatRoom>(
      await call(app, alice, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '입력 방',
        chatMemberIdList: [bob.userId],
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const messagesUrl = () => `/app/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`;

  async function refusal(destination: string, body: unknown) {
    const client = await connectStomp(wsUrl, alice);
    await sendJson(client, destination, body);
    const error = client.frames.find((frame) => frame.command === 'ERROR');
    client.socket.close();
    return error;
  }

  it.each([
    ['a NUL character', { content: 'a\u0000b' }, '허용되지 않는 문자'],
    ['a message over the length limit', { content: '가'.repeat(Limits.chatMessageMax + 1) }, '자'],
    ['an empty message', { content: '   ' }, '입력'],
  ])('refuses %s with a Korean reason, and stores nothing', async (_case, body, reason) => {
    const error = await refusal(messagesUrl(), body);
    expect(error?.headers['message']).toBe('send refused');
    expect(error?.body).toContain(reason);
    const page = dataOf<Page<ChatMessage>>(
      await call(
        app,
        alice,
        'GET',
        `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
      ),
    );
    expect(page.content).toEqual([]);
  });

  it('treats a destination with an id beyond 32 bits as unknown, not as a failure', async () => {
    const error = await refusal(`/app/workspaces/${workspace.id}/chat-rooms/2147483648/messages`, {
      content: '안녕',
    });
    expect(error?.headers['message']).toBe('unknown destination');
  });
});
