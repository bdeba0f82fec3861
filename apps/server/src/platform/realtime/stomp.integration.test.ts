import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@stomp/stompjs';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import type { ChatRoom, SseTicket } from '@teamup/contracts/chat';
import { Topics } from '@teamup/contracts/events';
import type { Workspace } from '@teamup/contracts/workspaces';
import type { Database } from '../../db/client';
import { call, createUser, dataOf, login, type TestUser } from '../../../test/factories';
import {
  membershipCases,
  openSseAt,
  runMeetingCase,
  runMembershipCase,
  runSessionCase,
  sessionCases,
  type Ends,
} from '../../../test/live-revocation';
import { openSse } from '../../../test/sse-client';
import { openStompSocket, connectStomp, sendJson, subscribe } from '../../../test/stomp-client';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app';
import { StompLimits } from './stomp-frames';
import { REAUTH_DESTINATION } from './stomp-endpoint';

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
    expect((await connectSocket('not-a-token')).opened).toBe(false);
    // No token in the URL: the socket opens, and a CONNECT without one is refused.
    const bare = await connectSocket(null);
    expect(bare.opened).toBe(true);
    bare.send('CONNECT\naccept-version:1.2\n\n\0');
    const frames = await bare.waitFor((list) => list.some((f) => f.command === 'ERROR'));
    expect(frames[0]).toMatchObject({ command: 'ERROR', headers: { message: 'unauthorized' } });
    await bare.closed;
  });

  it('takes the token from the CONNECT frame (Authorization or passcode)', async () => {
    for (const header of [`Authorization:Bearer ${alice.token}`, `passcode:${alice.token}`]) {
      const client = await connectSocket(null);
      client.send(`CONNECT\naccept-version:1.2\n${header}\n\n\0`);
      const frames = await client.waitFor((list) => list.length > 0);
      expect(frames[0]).toMatchObject({
        command: 'CONNECTED',
        headers: { 'user-name': String(alice.userId) },
      });
      client.socket.close();
    }
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
      attachments: [],
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

describe('live access ends when the right to it ends (one instance, SSE and STOMP)', () => {
  const ends = (): Ends => ({
    actor: app,
    subscriber: app,
    subscriberUrl: wsUrl.replace('ws://', 'http://').replace(/\/ws$/, ''),
  });

  membershipCases.forEach((testCase, index) => {
    it(`${testCase.name}: the room is no longer heard, on both transports`, async () => {
      await runMembershipCase(ends(), index);
    });
  });

  sessionCases.forEach((testCase, index) => {
    it(`${testCase.name}: that session's stream and socket close within a second`, async () => {
      await runSessionCase(ends(), index);
    });
  });

  it('removed from a meeting: SHOULD_OUT_CHANNEL to that person only, then silence', async () => {
    await runMeetingCase(ends(), 'remove member');
  });

  it('meeting deleted: everyone is sent out and stops hearing it', async () => {
    await runMeetingCase(ends(), 'delete meeting');
  });
});

describe('a live link lives no longer than its access token', () => {
  const TTL_SECONDS = 2;
  let database: Database;
  let shortApp: TestApp;
  /** The same database with tokens of the usual life: the set-up's calls never outlive theirs. */
  let setUpApp: TestApp;
  let baseUrl: string;
  let shortWs: string;
  let owner: TestUser;
  let member: TestUser;
  let shortRoom: ChatRoom;

  beforeAll(async () => {
    database = await openTestDatabase();
    shortApp = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) }, { database });
    setUpApp = await createTestApp({}, { database });
    await shortApp.listen({ port: 0, host: '127.0.0.1' });
    const address = shortApp.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
    shortWs = `ws://127.0.0.1:${address.port}/ws`;
  });
  afterAll(async () => {
    await shortApp?.close();
    await setUpApp?.close();
    await database?.close();
  });

  /**
   * Fresh users each time, made through the set-up app; their tokens of two seconds are issued
   * last. Made on the short app, a loaded machine spent a token's life on the set-up calls (the
   * room was refused to an expired owner, or the socket to an expired member: six cases failed so
   * in full runs).
   */
  async function people() {
    const madeOwner = await createUser(setUpApp, '주인');
    const madeMember = await createUser(setUpApp, '멤버');
    const space = dataOf<Workspace>(
      await call(setUpApp, madeOwner, 'POST', '/api/workspaces', { name: '짧은 토큰' }),
    );
    await call(setUpApp, madeMember, 'POST', '/api/workspaces/join', {
      inviteCode: space.inviteCode,
    });
    shortRoom = dataOf<ChatRoom>(
      await call(setUpApp, madeOwner, 'POST', `/api/workspaces/${space.id}/chat-rooms/create`, {
        name: '짧은 방',
        chatMemberIdList: [madeMember.userId],
      }),
    );
    owner = { ...madeOwner, ...(await login(shortApp, madeOwner.email)) };
    member = { ...madeMember, ...(await login(shortApp, madeMember.email)) };
  }
  const refreshed = async (user: TestUser) =>
    dataOf<{ token: string; refreshToken: string }>(
      await call(shortApp, null, 'POST', '/api/auth/refresh', {
        refreshToken: user.refreshToken,
      }),
    );

  it('a STOMP socket gets ERROR "token expired" and closes at the expiry', async () => {
    await people();
    const socket = await connectStomp(shortWs, member);
    await subscribe(socket, `/topic/chat-rooms/${shortRoom.id}`);
    await socket.closed;
    expect(socket.frames.find((f) => f.command === 'ERROR')?.headers['message']).toBe(
      'token expired',
    );
  }, 10_000);

  it('a fresh token of the same session sent to /app/auth keeps the socket open', async () => {
    await people();
    const socket = await connectStomp(shortWs, member);
    await subscribe(socket, `/topic/chat-rooms/${shortRoom.id}`);
    const firstDeadline = (decodeJwt(member.token).exp ?? 0) * 1000 + 1000;
    // A second later, so that the fresh token expires at least a second after the first.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await refreshed(member);
    await sendJson(socket, REAUTH_DESTINATION, { token: fresh.token });
    expect(socket.frames.some((f) => f.command === 'ERROR')).toBe(false);
    // Past the first token's deadline, still open and still hearing the room.
    await new Promise((resolve) => setTimeout(resolve, firstDeadline + 300 - Date.now()));
    expect(socket.closeCode()).toBeUndefined();
    // The owner's token has expired too: the event goes straight onto the room's topic.
    await shortApp.context.bus.publish(Topics.chatRoom(shortRoom.id), {
      type: 'PROBE',
      content: '아직 들리나요',
    });
    await socket.waitFor((f) => f.some((x) => x.command === 'MESSAGE' && x.body.includes('아직')));
    socket.socket.close();
  }, 10_000);

  it('/app/auth refuses a token of another session or person', async () => {
    await people();
    // Tokens live two seconds here: each socket opens with one just issued, or a loaded machine
    // spends their life making the people (the upgrade then refuses an expired one).
    const socket = await connectStomp(shortWs, await login(shortApp, member.email));
    const elsewhere = await login(shortApp, member.email);
    await sendJson(socket, REAUTH_DESTINATION, { token: elsewhere.token });
    await socket.closed;
    expect(socket.frames.find((f) => f.command === 'ERROR')?.headers['message']).toBe(
      're-authentication refused',
    );
    const other = await connectStomp(shortWs, await login(shortApp, member.email));
    await sendJson(other, REAUTH_DESTINATION, { token: owner.token });
    await other.closed;
  });

  it('an SSE stream says `reauth` and ends at the expiry; a new ticket carries on', async () => {
    await people();
    const ends: Ends = { actor: shortApp, subscriber: shortApp, subscriberUrl: baseUrl };
    const stream = await openSseAt(ends, member);
    await stream.ended;
    expect(stream.named).toContain('reauth');
    const fresh = await refreshed(member);
    const again = await openSseAt(ends, { token: fresh.token });
    expect(again.isEnded()).toBe(false);
    again.close();
  }, 10_000);

  it('a ticket of a session that ended before it was used opens nothing', async () => {
    await people();
    const ticket = dataOf<SseTicket>(await call(shortApp, member, 'POST', '/api/sse/register'));
    await call(shortApp, member, 'POST', '/api/auth/logout', {});
    const stream = await openSse(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    expect(stream.status).toBe(401);
  });

  it('with @stomp/stompjs: refused at expiry, the client reconnects with a fresh token by itself', async () => {
    await people();
    // A token just issued: making the people can take longer than a token lives on a loaded
    // machine, and an expired first token is refused at the upgrade, before any STOMP frame.
    const first = await refreshed(member);
    let token = first.token;
    let refreshToken = first.refreshToken;
    const errors: string[] = [];
    let connects = 0;
    const heard: string[] = [];
    const client = new Client({
      brokerURL: `${shortWs}?token=${token}`,
      webSocketFactory: () => new WebSocket(`${shortWs}?token=${token}`),
      reconnectDelay: 50,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      beforeConnect: async () => {
        if (connects === 0) return;
        const fresh = dataOf<{ token: string; refreshToken: string }>(
          await call(shortApp, null, 'POST', '/api/auth/refresh', { refreshToken }),
        );
        token = fresh.token;
        refreshToken = fresh.refreshToken;
      },
      onConnect: () => {
        connects += 1;
        client.subscribe(`/topic/chat-rooms/${shortRoom.id}`, (message) => {
          heard.push(message.body);
        });
      },
      onStompError: (frame) => errors.push(frame.headers['message'] ?? ''),
    });
    client.activate();
    try {
      const until = Date.now() + (TTL_SECONDS + 4) * 1000;
      while (connects < 2 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(errors).toContain('token expired');
      expect(connects).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The owner's token has expired too: the event goes straight onto the room's topic.
      await shortApp.context.bus.publish(Topics.chatRoom(shortRoom.id), {
        type: 'PROBE',
        content: '다시 연결됨',
      });
      const started = Date.now();
      while (!heard.some((body) => body.includes('다시 연결됨')) && Date.now() - started < 3000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(heard.some((body) => body.includes('다시 연결됨'))).toBe(true);
    } finally {
      await client.deactivate();
    }
  }, 15_000);
});

describe('with the standard client @stomp/stompjs', () => {
  it('a burst of events reaches a socket as few messages, every frame read in order', async () => {
    let messages = 0;
    const heard: number[] = [];
    let subscribed = false;
    const client = new Client({
      webSocketFactory: () => {
        const socket = new WebSocket(`${wsUrl}?token=${bob.token}`);
        socket.on('message', () => (messages += 1));
        return socket;
      },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      onConnect: () => {
        client.watchForReceipt('burst', () => (subscribed = true));
        client.subscribe(
          `/topic/chat-rooms/${room.id}`,
          (message) => heard.push((JSON.parse(message.body) as { n: number }).n),
          { receipt: 'burst' },
        );
      },
    });
    client.activate();
    try {
      const started = Date.now();
      while (!subscribed && Date.now() - started < 3000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const before = messages;
      const burst = Array.from({ length: 30 }, (_, n) => n);
      // Published in one turn: the bus logs them together and hands them on together.
      await Promise.all(
        burst.map((n) =>
          app.context.bus.publish(Topics.chatRoom(room.id), {
            type: 'BURST_TEST',
            n,
            text: '안녕',
          }),
        ),
      );
      while (heard.length < burst.length && Date.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(heard).toEqual(burst);
      // One message per turn of the server's event loop, not one per event.
      expect(messages - before).toBeLessThanOrEqual(3);
    } finally {
      await client.deactivate();
    }
  });

  it('a kicked member stops hearing the room; a logged-out session gets ERROR and is closed', async () => {
    const ownerX = await createUser(app, '주인');
    const memberX = await createUser(app, '멤버');
    const space = dataOf<Workspace>(
      await call(app, ownerX, 'POST', '/api/workspaces', { name: '표준 클라이언트' }),
    );
    await call(app, memberX, 'POST', '/api/workspaces/join', { inviteCode: space.inviteCode });
    const roomX = dataOf<ChatRoom>(
      await call(app, ownerX, 'POST', `/api/workspaces/${space.id}/chat-rooms/create`, {
        name: '표준 방',
        chatMemberIdList: [memberX.userId],
      }),
    );
    const heard: string[] = [];
    const errors: string[] = [];
    let subscribed = false;
    let closed = false;
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${wsUrl}?token=${memberX.token}`),
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      onConnect: () => {
        client.watchForReceipt('ready', () => {
          subscribed = true;
        });
        client.subscribe(
          `/topic/chat-rooms/${roomX.id}`,
          (message) => {
            heard.push(message.body);
          },
          { receipt: 'ready' },
        );
      },
      onStompError: (frame) => errors.push(frame.headers['message'] ?? ''),
      onWebSocketClose: () => {
        closed = true;
      },
    });
    client.activate();
    const waitUntil = async (check: () => boolean) => {
      const started = Date.now();
      while (!check()) {
        if (Date.now() - started > 3000) throw new Error('timed out');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const post = (content: string) =>
      call(app, ownerX, 'POST', `/api/workspaces/${space.id}/chat-rooms/${roomX.id}/messages`, {
        content,
      });
    try {
      await waitUntil(() => subscribed);
      await post('들어오세요');
      await waitUntil(() => heard.some((body) => body.includes('들어오세요')));
      await call(app, ownerX, 'DELETE', `/api/workspaces/${space.id}/members/${memberX.userId}`);
      await post('나간 뒤');
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(heard.some((body) => body.includes('나간 뒤'))).toBe(false);
      expect(client.connected).toBe(true);

      await call(app, memberX, 'POST', '/api/auth/logout', {});
      await waitUntil(() => closed);
      expect(errors).toEqual(['session ended']);
    } finally {
      await client.deactivate();
    }
  });
});
