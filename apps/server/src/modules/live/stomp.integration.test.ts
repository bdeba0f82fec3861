import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { call, createUser, dataOf, type TestUser } from '../../../test/factories';
import { openStompSocket, connectStomp } from '../../../test/stomp-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { StompLimits } from '../../platform/stomp/frames';

let app: TestApp;
let wsUrl: string;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let workspace: Workspace;
let room: ChatRoom;

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  wsUrl = `ws://127.0.0.1:${address.port}/ws`;
  alice = await createUser(app, '앨리스');
  bob = await createUser(app, '밥');
  carol = await createUser(app, '캐럴');
  workspace = dataOf<Workspace>(
    await call(app, alice, 'POST', '/api/workspaces', { name: 'STOMP 수업' }),
  );
  for (const person of [bob, carol]) {
    await call(app, person, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  }
  room = dataOf<ChatRoom>(
    await call(app, alice, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
      name: '스톰프 방',
      chatMemberIdList: [bob.userId],
    }),
  );
});
afterAll(async () => {
  await app.close();
});

const connectSocket = (token: string | null) => openStompSocket(wsUrl, token);
const connected = (user: TestUser, heartBeat = '0,0') => connectStomp(wsUrl, user, heartBeat);

describe('STOMP over WebSocket', () => {
  it('refuses a connection without a valid token', async () => {
    expect((await connectSocket(null)).opened).toBe(false);
    expect((await connectSocket('not-a-token')).opened).toBe(false);
  });

  it('connects with STOMP 1.2 and negotiates 10 s heart-beats', async () => {
    const client = await connectSocket(alice.token);
    client.send('CONNECT\naccept-version:1.1,1.2\nheart-beat:0,1000\n\n\0');
    const frames = await client.waitFor((list) => list.some((f) => f.command === 'CONNECTED'));
    expect(frames[0]?.headers).toMatchObject({ version: '1.2', 'heart-beat': '10000,10000' });
    client.socket.close();
  });

  it('delivers room events to a subscribed member, with receipts; SEND posts a message', async () => {
    const bobClient = await connected(bob);
    bobClient.send(
      `SUBSCRIBE\nid:sub-0\ndestination:/topic/chat-rooms/${room.id}\nreceipt:r1\n\n\0`,
    );
    await bobClient.waitFor((f) =>
      f.some((x) => x.command === 'RECEIPT' && x.headers['receipt-id'] === 'r1'),
    );

    const aliceClient = await connected(alice);
    const body = JSON.stringify({ content: 'STOMP로 보낸 메시지' });
    aliceClient.send(
      `SEND\ndestination:/app/workspaces/${workspace.id}/chat-rooms/${room.id}/messages\ncontent-type:application/json\nreceipt:s1\n\n${body}\0`,
    );
    await aliceClient.waitFor((f) =>
      f.some((x) => x.command === 'RECEIPT' && x.headers['receipt-id'] === 's1'),
    );
    const frames = await bobClient.waitFor((f) => f.some((x) => x.command === 'MESSAGE'));
    const message = frames.find((f) => f.command === 'MESSAGE');
    expect(message?.headers).toMatchObject({
      subscription: 'sub-0',
      destination: `/topic/chat-rooms/${room.id}`,
    });
    expect(JSON.parse(message?.body ?? '{}')).toMatchObject({
      type: 'NEW_CHAT_MESSAGE',
      chatRoomId: room.id,
      content: 'STOMP로 보낸 메시지',
      senderId: alice.userId,
    });
    // The same message came through the API's store.
    const page = dataOf<{ content: Array<{ content: string }> }>(
      await call(app, bob, 'GET', `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`),
    );
    expect(page.content.map((m) => m.content)).toContain('STOMP로 보낸 메시지');

    // After UNSUBSCRIBE nothing more arrives.
    bobClient.send('UNSUBSCRIBE\nid:sub-0\nreceipt:u1\n\n\0');
    await bobClient.waitFor((f) => f.some((x) => x.headers['receipt-id'] === 'u1'));
    const before = bobClient.frames.filter((f) => f.command === 'MESSAGE').length;
    await call(
      app,
      alice,
      'POST',
      `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
      {
        content: '구독 해지 후',
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobClient.frames.filter((f) => f.command === 'MESSAGE').length).toBe(before);
    bobClient.send('DISCONNECT\nreceipt:bye\n\n\0');
    await bobClient.waitFor((f) => f.some((x) => x.headers['receipt-id'] === 'bye'));
    aliceClient.socket.close();
  });

  it('answers an unauthorized SUBSCRIBE with ERROR and closes', async () => {
    const client = await connected(carol);
    client.send(`SUBSCRIBE\nid:1\ndestination:/topic/chat-rooms/${room.id}\n\n\0`);
    const frames = await client.waitFor((f) => f.some((x) => x.command === 'ERROR'));
    expect(frames.find((f) => f.command === 'ERROR')?.headers['message']).toBe('access denied');
    await client.closed;
  });

  it('answers malformed and oversize frames with ERROR and closes', async () => {
    const before = await connectSocket(alice.token);
    before.send('SUBSCRIBE\nid:1\ndestination:/x\n\n\0');
    await before.waitFor((f) => f.some((x) => x.command === 'ERROR'));
    await before.closed;

    const garbage = await connected(alice);
    garbage.send('HELLO\n\n\0');
    const frames = await garbage.waitFor((f) => f.some((x) => x.command === 'ERROR'));
    expect(frames.find((f) => f.command === 'ERROR')?.headers['message']).toMatch(
      /unknown command/,
    );
    await garbage.closed;

    const huge = await connected(alice);
    huge.send(`SEND\ndestination:/x\n\n${'가'.repeat(StompLimits.maxFrameBytes)}`);
    await huge.closed;
    expect(huge.closeCode()).not.toBe(1000);
  });
});
