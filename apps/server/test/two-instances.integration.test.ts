import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatReadPointers, ChatRoom, SseTicket } from '@teamup/contracts/chat';
import {
  MeetingDestinations as D,
  type MeetingChatEvent,
  type SignalEvent,
  type VideoChannel,
  type VideoChannelEvent,
} from '@teamup/contracts/video';
import type { WorkspacePresence } from '@teamup/contracts/presence';
import type { Workspace } from '@teamup/contracts/workspaces';
import type { Database } from '../src/db/client';
import { call, createUser, dataOf, type TestUser } from './factories';
import {
  membershipCases,
  runMeetingCase,
  runMembershipCase,
  runSessionCase,
  sessionCases,
  type Ends,
} from './live-revocation';
import { openSse, tellsPresence, type SseStream } from './sse-client';
import {
  connectStomp,
  messagesTo,
  sendJson,
  subscribe,
  type StompTestClient,
} from './stomp-client';
import {
  createTestApp,
  listenLocally,
  openTestDatabase,
  testDbKind,
  type TestApp,
} from './test-app';

const redisUrl = process.env.TEST_REDIS_URL;
const runs = testDbKind === 'postgres' && Boolean(redisUrl);
if (!runs) {
  console.log(
    'two-instance test skipped: it needs real PostgreSQL and Redis (TEST_DB_KIND=postgres with TEST_DATABASE_URL, and TEST_REDIS_URL)',
  );
}

/**
 * Two app instances on one PostgreSQL and one Redis, as behind a load balancer: a message sent
 * to instance A reaches an SSE subscriber connected to instance B, exactly once, and a meeting
 * whose people sit on different instances works as if there were one.
 */
describe.skipIf(!runs)('two instances behind one load balancer', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  const streams: SseStream[] = [];
  const sockets: StompTestClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { REDIS_URL: redisUrl ?? '' };
    a = await createTestApp(env, { database });
    b = await createTestApp(env, { database });
    urlA = await listenLocally(a);
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    urlB = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const socket of sockets) socket.socket.close();
    await a?.close();
    await b?.close();
    await database?.close();
  });

  /** An owner served by A and a member served by B, in one new workspace. */
  async function splitWorkspace(ownerName: string, memberName: string, name: string) {
    const owner: TestUser = await createUser(a, ownerName);
    const member: TestUser = await createUser(b, memberName);
    const workspace = dataOf<Workspace>(await call(a, owner, 'POST', '/api/workspaces', { name }));
    await call(b, member, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
    return { owner, member, workspace };
  }

  it('delivers a message sent to A to a subscriber on B exactly once', async () => {
    const {
      owner: alice,
      member: bob,
      workspace,
    } = await splitWorkspace('앨리스', '밥', '두 서버');
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

  it('a meeting spread over both: signals, meeting chat and removal reach the peer on the other instance once', async () => {
    const {
      owner: host,
      member: guest,
      workspace,
    } = await splitWorkspace('진행자', '참석자', '두 서버 회의');
    const base = `/api/workspaces/${workspace.id}/video-channels`;
    const channel = dataOf<VideoChannel>(await call(a, host, 'POST', base, { name: '분산 회의' }));
    await call(a, host, 'POST', `${base}/${channel.id}`);
    await call(b, guest, 'POST', `${base}/${channel.id}`);

    const wsA = `${urlA.replace('http', 'ws')}/ws`;
    const wsB = `${urlB.replace('http', 'ws')}/ws`;
    const hostSocket = await connectStomp(wsA, host);
    const guestSocket = await connectStomp(wsB, guest);
    sockets.push(hostSocket, guestSocket);
    for (const destination of [D.signalQueue, D.chat(channel.id), D.video(channel.id)]) {
      await subscribe(hostSocket, destination);
      await subscribe(guestSocket, destination);
    }

    const offer = { type: 'offer', sdp: 'v=0 across instances' };
    await sendJson(hostSocket, D.publishSignal(channel.id), {
      to: guest.userId,
      kind: 'offer',
      data: offer,
    });
    await sendJson(guestSocket, D.publishChat(channel.id), { type: 'chat', message: '들리나요?' });
    await guestSocket.waitFor(() => messagesTo(guestSocket, D.signalQueue).length > 0);
    await hostSocket.waitFor(() =>
      messagesTo<MeetingChatEvent>(hostSocket, D.chat(channel.id)).some((e) => e.type === 'chat'),
    );

    const removed = await call(
      a,
      host,
      'DELETE',
      `${base}/${channel.id}/video-members/${guest.userId}`,
    );
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await guestSocket.waitFor(() =>
      messagesTo<VideoChannelEvent>(guestSocket, D.video(channel.id)).some(
        (e) => e.type === 'SHOULD_OUT_CHANNEL',
      ),
    );
    // Give a duplicate the chance to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(messagesTo<SignalEvent>(guestSocket, D.signalQueue)).toEqual([
      { type: 'SIGNAL', roomId: channel.id, from: host.userId, kind: 'offer', data: offer },
    ]);
    expect(messagesTo(hostSocket, D.signalQueue)).toEqual([]);
    const chatLines = messagesTo<MeetingChatEvent>(hostSocket, D.chat(channel.id)).filter(
      (e) => e.type === 'chat',
    );
    expect(chatLines).toHaveLength(1);
    expect(chatLines[0]).toMatchObject({ message: '들리나요?' });
    const outs = messagesTo<VideoChannelEvent>(guestSocket, D.video(channel.id)).filter(
      (e) => e.type === 'SHOULD_OUT_CHANNEL',
    );
    expect(outs).toEqual([{ type: 'SHOULD_OUT_CHANNEL', userId: guest.userId, reason: 'REMOVED' }]);
  });
  // Issue 16 section 3: the revoking call is made on A, the person listens on B (SSE and STOMP).
  const ends = (): Ends => ({ actor: a, subscriber: b, subscriberUrl: urlB });

  membershipCases.forEach((testCase, index) => {
    it(`${testCase.name} on A: B's stream and socket stop hearing the room at once`, async () => {
      await runMembershipCase(ends(), index);
    });
  });

  sessionCases.forEach((testCase, index) => {
    it(`${testCase.name} on A: that session's stream and socket on B close within a second`, async () => {
      await runSessionCase(ends(), index);
    });
  });

  it('removed from a meeting on A: only the removed person on B is sent out, then hears nothing', async () => {
    await runMeetingCase(ends(), 'remove member');
  });

  it('a meeting deleted on A: everyone listening on B is sent out', async () => {
    await runMeetingCase(ends(), 'delete meeting');
  });

  it('typing and presence cross instances: heard on the other one, announced once', async () => {
    const {
      owner: jimin,
      member: minsu,
      workspace,
    } = await splitWorkspace('지민', '민수', '두 서버 입력 중');
    const rooms = `/api/workspaces/${workspace.id}/chat-rooms`;
    const room = dataOf<ChatRoom>(
      await call(a, jimin, 'POST', `${rooms}/create`, {
        name: '입력 중 방',
        chatMemberIdList: [minsu.userId],
      }),
    );
    const presenceOn = async (app: TestApp, user: TestUser, of: TestUser) =>
      dataOf<WorkspacePresence>(
        await call(app, user, 'GET', `/api/workspaces/${workspace.id}/presence`),
      ).users.find((entry) => entry.userId === of.userId)?.status ?? 'OFFLINE';
    const changes = (stream: SseStream, of: TestUser, status: string) =>
      stream.events.filter((e) => tellsPresence(e, of.userId, status));

    // Jimin listens on A; Minsu comes online on B.
    const jiminTicket = dataOf<SseTicket>(await call(a, jimin, 'POST', '/api/sse/register'));
    const jiminStream = await openSse(`${urlA}/api/sse/subscribe?ticket=${jiminTicket.ticket}`);
    streams.push(jiminStream);
    const minsuTicket = dataOf<SseTicket>(await call(b, minsu, 'POST', '/api/sse/register'));
    const minsuStream = await openSse(`${urlB}/api/sse/subscribe?ticket=${minsuTicket.ticket}`);
    streams.push(minsuStream);
    await jiminStream.waitFor(() => changes(jiminStream, minsu, 'ONLINE').length > 0);
    expect(await presenceOn(a, jimin, minsu)).toBe('ONLINE');
    expect(await presenceOn(b, minsu, jimin)).toBe('ONLINE');

    // Minsu's away report reaches A though his connection is on B.
    const away = await call(a, minsu, 'PUT', '/api/presence/me', { status: 'AWAY' });
    expect(away.statusCode, away.body).toBe(204);
    await jiminStream.waitFor(() => changes(jiminStream, minsu, 'AWAY').length > 0);
    expect(await presenceOn(b, jimin, minsu)).toBe('AWAY');

    // Typing on A reaches B; typing over STOMP on B reaches A.
    expect((await call(a, jimin, 'POST', `${rooms}/${room.id}/typing`)).statusCode).toBe(204);
    await minsuStream.waitFor((events) =>
      events.some((e) => e.data['type'] === 'CHAT_TYPING' && e.data['userId'] === jimin.userId),
    );
    const minsuSocket = await connectStomp(`${urlB.replace('http', 'ws')}/ws`, minsu);
    sockets.push(minsuSocket);
    await sendJson(minsuSocket, `/app/workspaces/${workspace.id}/chat-rooms/${room.id}/typing`, {});
    await jiminStream.waitFor((events) =>
      events.some((e) => e.data['type'] === 'CHAT_TYPING' && e.data['userId'] === minsu.userId),
    );

    // Minsu leaves B entirely (stream and socket): A hears him go offline.
    minsuStream.close();
    minsuSocket.socket.close();
    await jiminStream.waitFor(() => changes(jiminStream, minsu, 'OFFLINE').length > 0, 10_000);
    // Each instance settles on its own clock: A agrees a moment later at most.
    const started = Date.now();
    while ((await presenceOn(a, jimin, minsu)) !== 'OFFLINE') {
      if (Date.now() - started > 3000) throw new Error('A still shows Minsu');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Give a duplicate the chance to arrive before counting: each change was announced once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes(jiminStream, minsu, 'ONLINE')).toHaveLength(1);
    expect(changes(jiminStream, minsu, 'AWAY')).toHaveLength(1);
    expect(changes(jiminStream, minsu, 'OFFLINE')).toHaveLength(1);
    expect(
      jiminStream.events.filter(
        (e) => e.data['type'] === 'CHAT_TYPING' && e.data['userId'] === minsu.userId,
      ),
    ).toHaveLength(1);
  });

  it('read counts cross instances: a read on B lowers the count the sender on A shows', async () => {
    const {
      owner: jimin,
      member: minsu,
      workspace,
    } = await splitWorkspace('지민', '민수', '두 서버 읽음');
    const rooms = `/api/workspaces/${workspace.id}/chat-rooms`;
    const room = dataOf<ChatRoom>(
      await call(a, jimin, 'POST', `${rooms}/create`, {
        name: '읽음 방',
        chatMemberIdList: [minsu.userId],
      }),
    );
    const ticket = dataOf<SseTicket>(await call(a, jimin, 'POST', '/api/sse/register'));
    const jiminStream = await openSse(`${urlA}/api/sse/subscribe?ticket=${ticket.ticket}`);
    streams.push(jiminStream);
    const sent = dataOf<ChatMessage>(
      await call(a, jimin, 'POST', `${rooms}/${room.id}/messages`, { content: '읽어 주세요' }),
    );
    const pointerOf = async (app: TestApp, user: TestUser) =>
      dataOf<ChatReadPointers>(
        await call(app, user, 'GET', `${rooms}/${room.id}/read-pointers`),
      ).pointers.find((pointer) => pointer.userId === minsu.userId)?.lastReadMessageId ?? null;
    // Unread by Minsu: the sender's count for the message is 1.
    expect(await pointerOf(a, jimin)).toBeNull();

    const read = await call(b, minsu, 'PATCH', `${rooms}/${room.id}/last-read-refresh`, {
      messageId: sent.id,
    });
    expect(read.statusCode, read.body).toBeLessThan(300);
    await jiminStream.waitFor((events) =>
      events.some(
        (e) =>
          e.data['type'] === 'CHAT_READ_POINTER_MOVED' &&
          e.data['userId'] === minsu.userId &&
          e.data['lastReadMessageId'] === sent.id,
      ),
    );
    expect(await pointerOf(a, jimin)).toBe(sent.id);
    // Announced once, though two instances heard it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      jiminStream.events.filter(
        (e) => e.data['type'] === 'CHAT_READ_POINTER_MOVED' && e.data['userId'] === minsu.userId,
      ),
    ).toHaveLength(1);
  });
});
