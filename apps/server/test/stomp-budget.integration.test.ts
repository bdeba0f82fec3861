import { Client, type IFrame } from '@stomp/stompjs';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import type { Database } from '../src/db/client';
import { call, createUser, dataOf, expectProblem, type TestUser } from './factories';
import { connectStomp, type Frame, type StompTestClient } from './stomp-client';
import {
  createTestApp,
  listenLocally,
  openTestDatabase,
  testDbKind,
  type TestApp,
} from './test-app';

/** Small, so a test spends it quickly; every HTTP call and STOMP frame below is counted. */
const BUDGET = 20;

const wsUrlOf = (base: string) => `${base.replace(/^http/, 'ws')}/ws`;

/** Alice's workspace with a room she shares with `members`, made on `app`. */
async function roomWith(app: TestApp, owner: TestUser, members: TestUser[]) {
  const workspace = dataOf<Workspace>(
    await call(app, owner, 'POST', '/api/workspaces', { name: '예산 수업' }),
  );
  for (const member of members) {
    const joined = await call(app, member, 'POST', '/api/workspaces/join', {
      inviteCode: workspace.inviteCode,
    });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  const room = dataOf<ChatRoom>(
    await call(app, owner, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
      name: '예산 방',
      chatMemberIdList: members.map((member) => member.userId),
    }),
  );
  return { workspace, room, messages: `/app/workspaces/${workspace.id}/chat-rooms/${room.id}` };
}

/** Sends `count` chat messages at once (no waiting between them), each asking for a receipt. */
function sendBurst(client: StompTestClient, destination: string, count: number, tag: string) {
  for (let n = 1; n <= count; n += 1) {
    const body = JSON.stringify({ content: `${tag} ${n}` });
    client.send(
      `SEND\ndestination:${destination}/messages\ncontent-type:application/json\nreceipt:${tag}-${n}\n\n${body}\0`,
    );
  }
}

const receiptsOf = (frames: Frame[]) =>
  frames.filter((frame) => frame.command === 'RECEIPT').map((f) => f.headers['receipt-id']);

/** The refusal a spent budget gets: ERROR, matched to the frame, Korean text, RATE_LIMITED. */
function expectRateLimited(frame: Frame | IFrame | undefined, receipt?: string) {
  expect(frame?.command).toBe('ERROR');
  expect(frame?.headers['message']).toBe('rate limited');
  expect(frame?.headers['code']).toBe('RATE_LIMITED');
  expect(Number(frame?.headers['retry-after'])).toBeGreaterThan(0);
  expect(frame?.body).toMatch(/[가-힣]/);
  if (receipt) expect(frame?.headers['receipt-id']).toBe(receipt);
}

async function storedContents(app: TestApp, reader: TestUser, workspaceId: number, roomId: number) {
  const response = await call(
    app,
    reader,
    'GET',
    `/api/workspaces/${workspaceId}/chat-rooms/${roomId}/messages?sort=createdAt,asc&size=200`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ content: ChatMessage[] }>(response).content.map((m) => m.content);
}

describe('STOMP frames spend the account’s request budget (one instance)', () => {
  let app: TestApp;
  let wsUrl: string;
  const sockets: StompTestClient[] = [];

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(BUDGET) });
    wsUrl = wsUrlOf(await listenLocally(app));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.socket.close();
    await app?.close();
  });

  it('a burst of SENDs past the budget gets ERROR RATE_LIMITED, and nothing past it is stored', async () => {
    const owner = await createUser(app, '선생님');
    const sender = await createUser(app, '학생');
    const { workspace, room, messages } = await roomWith(app, owner, [sender]);
    // The sender's one HTTP call so far: joining the workspace.
    const left = BUDGET - 1;

    const client = await connectStomp(wsUrl, sender);
    sockets.push(client);
    sendBurst(client, messages, left + 10, 'burst');
    const frames = await client.waitFor((list) => list.some((f) => f.command === 'ERROR'));
    await client.closed;

    expect(receiptsOf(frames)).toEqual(Array.from({ length: left }, (_, i) => `burst-${i + 1}`));
    expectRateLimited(
      frames.find((f) => f.command === 'ERROR'),
      `burst-${left + 1}`,
    );
    const stored = await storedContents(app, owner, workspace.id, room.id);
    expect(stored).toEqual(Array.from({ length: left }, (_, i) => `burst ${i + 1}`));
  });

  it('HTTP calls and STOMP frames spend one budget (@stomp/stompjs): the next of either is refused', async () => {
    const owner = await createUser(app, '담임');
    const member = await createUser(app, '반장');
    const { workspace, room, messages } = await roomWith(app, owner, [member]);
    // Joining cost one; half the budget more over HTTP.
    const overHttp = BUDGET / 2 - 1;
    for (let n = 0; n < overHttp; n += 1) {
      expect((await call(app, member, 'GET', '/api/users/me')).statusCode).toBe(200);
    }

    const errors: IFrame[] = [];
    const receipts: string[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(wsUrl),
      connectHeaders: { Authorization: `Bearer ${member.token}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      onStompError: (frame) => errors.push(frame),
    });
    const connected = new Promise<void>((resolve) => (client.onConnect = () => resolve()));
    client.activate();
    try {
      await connected;
      // The other half over STOMP: every one goes through.
      for (let n = 1; n <= BUDGET / 2; n += 1) {
        const receipt = `half-${n}`;
        const done = new Promise<void>((resolve) =>
          client.watchForReceipt(receipt, () => {
            receipts.push(receipt);
            resolve();
          }),
        );
        client.publish({
          destination: `${messages}/messages`,
          body: JSON.stringify({ content: `반 ${n}` }),
          headers: { receipt, 'content-type': 'application/json' },
        });
        await done;
      }
      expect(receipts).toHaveLength(BUDGET / 2);
      expect(errors).toEqual([]);

      // Spent: the next HTTP call is refused…
      expectProblem(await call(app, member, 'GET', '/api/users/me'), 429, 'RATE_LIMITED');
      // …and so is the next frame.
      client.publish({
        destination: `${messages}/typing`,
        body: '{}',
        headers: { receipt: 'one-more' },
      });
      const started = Date.now();
      while (errors.length === 0 && Date.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expectRateLimited(errors[0], 'one-more');
    } finally {
      await client.deactivate();
    }
    // The owner, whose budget is their own, still reads: exactly the frames that went through.
    const stored = await storedContents(app, owner, workspace.id, room.id);
    expect(stored).toEqual(Array.from({ length: BUDGET / 2 }, (_, i) => `반 ${i + 1}`));
  });

  it('SUBSCRIBE spends too: a socket cannot subscribe and unsubscribe without end', async () => {
    const owner = await createUser(app, '관리자');
    const member = await createUser(app, '구독자');
    const { room } = await roomWith(app, owner, [member]);
    const client = await connectStomp(wsUrl, member);
    sockets.push(client);
    for (let n = 1; n <= BUDGET + 5; n += 1) {
      client.send(
        `SUBSCRIBE\nid:s${n}\ndestination:/topic/chat-rooms/${room.id}\nreceipt:sub-${n}\n\n\0` +
          `UNSUBSCRIBE\nid:s${n}\n\n\0`,
      );
    }
    const frames = await client.waitFor((list) => list.some((f) => f.command === 'ERROR'));
    // Joining cost one: the rest of the budget subscribed, the next was refused.
    expect(receiptsOf(frames)).toHaveLength(BUDGET - 1);
    expectRateLimited(
      frames.find((f) => f.command === 'ERROR'),
      `sub-${BUDGET}`,
    );
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const twoInstances = testDbKind === 'postgres' && Boolean(redisUrl);
if (!twoInstances) {
  console.log(
    'two-instance budget test skipped: it needs real PostgreSQL and Redis (TEST_DB_KIND=postgres with TEST_DATABASE_URL, and TEST_REDIS_URL)',
  );
}

describe.skipIf(!twoInstances)('one budget across two instances (Redis)', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  let wsA: string;
  let wsB: string;
  const sockets: StompTestClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { REDIS_URL: redisUrl ?? '', RATE_LIMIT_PER_MINUTE: String(BUDGET) };
    a = await createTestApp(env, { database });
    b = await createTestApp(env, { database });
    wsA = wsUrlOf(await listenLocally(a));
    wsB = wsUrlOf(await listenLocally(b));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.socket.close();
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('sends over a socket on A and one on B spend one count; past it both refuse', async () => {
    const owner = await createUser(a, '교수');
    const member = await createUser(a, '조교');
    const { workspace, room, messages } = await roomWith(a, owner, [member]);
    const onA = await connectStomp(wsA, member);
    const onB = await connectStomp(wsB, member);
    sockets.push(onA, onB);

    // Joining cost one (on A); half of the rest on A, then B sends until refused.
    const half = Math.floor((BUDGET - 1) / 2);
    sendBurst(onA, messages, half, 'a');
    await onA.waitFor((list) => receiptsOf(list).length === half);
    sendBurst(onB, messages, BUDGET, 'b');
    const framesB = await onB.waitFor((list) => list.some((f) => f.command === 'ERROR'));
    const passedB = BUDGET - 1 - half;
    expect(receiptsOf(framesB)).toHaveLength(passedB);
    expectRateLimited(
      framesB.find((f) => f.command === 'ERROR'),
      `b-${passedB + 1}`,
    );
    // A's socket is still open, and its next frame is refused too; so is HTTP on either.
    sendBurst(onA, messages, 1, 'a-late');
    const framesA = await onA.waitFor((list) => list.some((f) => f.command === 'ERROR'));
    expectRateLimited(framesA.find((f) => f.command === 'ERROR'));
    expectProblem(await call(b, member, 'GET', '/api/users/me'), 429, 'RATE_LIMITED');

    const stored = await storedContents(b, owner, workspace.id, room.id);
    expect(stored).toHaveLength(BUDGET - 1);
    expect(stored.filter((content) => content.startsWith('a-late'))).toEqual([]);
  });
});
