import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom, SseTicket } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import type { Database } from '../src/db/client';
import { call, createUser, dataOf, type TestUser } from './factories';
import { openSse, type SseStream } from './sse-client';
import { createTestApp, openTestDatabase, testDbKind, type TestApp } from './test-app';

const redisUrl = process.env.TEST_REDIS_URL;
const runs = testDbKind === 'postgres' && Boolean(redisUrl);
if (!runs) {
  console.log(
    'two-instance test skipped: it needs real PostgreSQL and Redis (TEST_DB_KIND=postgres with TEST_DATABASE_URL, and TEST_REDIS_URL)',
  );
}

/**
 * Two app instances on one PostgreSQL and one Redis, as behind a load balancer: a message sent
 * to instance A reaches an SSE subscriber connected to instance B, exactly once.
 */
describe.skipIf(!runs)('two instances behind one load balancer', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { REDIS_URL: redisUrl ?? '' };
    a = await createTestApp(env, { database });
    b = await createTestApp(env, { database });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    urlB = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('delivers a message sent to A to a subscriber on B exactly once', async () => {
    const alice: TestUser = await createUser(a, '앨리스');
    const bob: TestUser = await createUser(b, '밥');
    const workspace = dataOf<Workspace>(
      await call(a, alice, 'POST', '/api/workspaces', { name: '두 서버' }),
    );
    await call(b, bob, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    const room = dataOf<ChatRoom>(
      await call(a, alice, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
        name: '분산 방',
        chatMemberIdList: [bob.userId],
      }),
    );

    const ticket = dataOf<SseTicket>(await call(b, bob, 'POST', '/api/sse/register'));
    const stream = await openSse(`${urlB}/api/sse/subscribe?ticket=${ticket.ticket}`);
    streams.push(stream);
    expect(stream.status).toBe(200);

    const sent: ChatMessage[] = [];
    for (const text of ['첫째', '둘째', '셋째']) {
      sent.push(
        dataOf<ChatMessage>(
          await call(
            a,
            alice,
            'POST',
            `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
            {
              content: text,
            },
          ),
        ),
      );
    }
    await stream.waitFor(
      (events) => events.filter((e) => e.data['type'] === 'NEW_CHAT_MESSAGE').length >= 3,
    );
    // Give a duplicate the chance to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const received = stream.events
      .filter((e) => e.data['type'] === 'NEW_CHAT_MESSAGE')
      .map((e) => e.data['messageId']);
    expect(received).toEqual(sent.map((message) => message.id));
  });

  it('a session signed out on A stops working on B at once, though B had it cached', async () => {
    const carol: TestUser = await createUser(a, '캐럴');
    // B answers once, so it now holds "carol's session is active".
    expect((await call(b, carol, 'GET', '/api/users/me')).statusCode).toBe(200);
    const loggedOut = await call(a, carol, 'POST', '/api/auth/logout', {});
    expect(loggedOut.statusCode, loggedOut.body).toBeLessThan(300);
    // The revocation travels over Redis; B must refuse well within its 10 s cache lifetime.
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 3000) {
      status = (await call(b, carol, 'GET', '/api/users/me')).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });
});
