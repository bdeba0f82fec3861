import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type IFrame } from '@stomp/stompjs';
import { EventSource, type ErrorEvent } from 'eventsource';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import type { ChatRoom, SseTicket } from '@teamup/contracts/chat';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Workspace } from '@teamup/contracts/workspaces';
import { AccessTokens } from '../src/platform/auth/tokens';
import { parseResumePoint } from '../src/platform/realtime/resume-point';
import { call, createUser, dataOf, type TestUser } from './factories';
import { createTestApp, listenLocally, type TestApp } from './test-app';

/**
 * The live channels with standard clients, not the project's own: the `eventsource` package (a
 * WHATWG EventSource for Node, which reconnects by itself with Last-Event-ID) and
 * `@stomp/stompjs` over `ws` (the client the web app uses).
 */
let app: TestApp;
let baseUrl: string;
let wsUrl: string;
let alice: TestUser;
let bob: TestUser;
let workspace: Workspace;
let room: ChatRoom;
const closers: Array<() => unknown> = [];

beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await listenLocally(app);
  wsUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;
  alice = await createUser(app, '앨리스');
  bob = await createUser(app, '밥');
  workspace = dataOf<Workspace>(
    await call(app, alice, 'POST', '/api/workspaces', { name: '표준 클라이언트 수업' }),
  );
  await call(app, bob, 'POST', '/api/workspaces/join', { inviteCode: workspace.inviteCode });
  room = dataOf<ChatRoom>(
    await call(app, alice, 'POST', `/api/workspaces/${workspace.id}/chat-rooms/create`, {
      name: '표준 방',
      chatMemberIdList: [bob.userId],
    }),
  );
});
afterAll(async () => {
  for (const close of closers) await close();
  await app.close();
});

async function say(content: string) {
  const response = await call(
    app,
    alice,
    'POST',
    `/api/workspaces/${workspace.id}/chat-rooms/${room.id}/messages`,
    { content },
  );
  expect(response.statusCode, response.body).toBe(201);
}

async function until(check: () => boolean, timeoutMs = 10_000, what = 'condition') {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What this test uses of the web app's LiveConnection (apps/web/src/lib/live/live-connection.ts). */
type WebLiveConnection = {
  start(): void;
  stop(): void;
  getState(): 'connecting' | 'open' | 'down';
  subscribe(handler: (event: { type: string; content?: string }) => void): () => void;
};
type WebLiveDeps = {
  register: () => Promise<{ ticket: string }>;
  openStream: (url: string) => EventSource;
  subscribeUrl: (ticket: string, lastEventId: string | null) => string;
};

/**
 * The web app's own live client, run here against the real server with a stock EventSource. It is
 * loaded by path at run time: its types are the browser's (MessageEvent<T>), which the server's
 * Node-only type check does not have.
 */
async function webLiveConnection() {
  const url = new URL('../../web/src/lib/live/live-connection.ts', import.meta.url).href;
  return (await import(/* @vite-ignore */ url)) as {
    LiveConnection: new (deps: WebLiveDeps) => WebLiveConnection;
  };
}

type Attempt = { lastEventId: string | null; status: number; body: string };

/**
 * A stock EventSource whose every request and answer is recorded (through its `fetch` option,
 * which is also how a client sends headers). Answers other than 200 are read for their body.
 */
function stockEventSource(url: string, headers: Record<string, string> = {}) {
  const attempts: Attempt[] = [];
  const contents: string[] = [];
  const errors: Array<{ code: number | undefined; readyState: number }> = [];
  const source = new EventSource(url, {
    fetch: async (input, init) => {
      const sent = new Headers(init?.headers);
      for (const [name, value] of Object.entries(headers)) sent.set(name, value);
      const response = await fetch(input, { ...init, headers: sent });
      const attempt: Attempt = {
        lastEventId: sent.get('last-event-id'),
        status: response.status,
        body: '',
      };
      attempts.push(attempt);
      if (response.status !== 200) attempt.body = await response.clone().text();
      return response;
    },
  });
  source.onmessage = (message) => {
    const data = JSON.parse(String(message.data)) as { type?: string; content?: string };
    if (data.type === 'NEW_CHAT_MESSAGE' && data.content) contents.push(data.content);
  };
  source.onerror = (event: ErrorEvent) => {
    errors.push({ code: event.code, readyState: source.readyState });
  };
  closers.push(() => source.close());
  return { source, attempts, contents, errors };
}

describe('SSE with the `eventsource` package', () => {
  it('with Authorization: Bearer, reconnects by itself with Last-Event-ID and gets what it missed', async () => {
    const client = stockEventSource(`${baseUrl}/api/sse/subscribe`, {
      authorization: `Bearer ${bob.token}`,
    });
    await until(() => client.source.readyState === EventSource.OPEN, 10_000, 'open');
    await say('첫 번째');
    await until(() => client.contents.includes('첫 번째'), 10_000, 'first event');

    // The server ends the stream (what a restart or a proxy timeout does); while the client
    // waits to reconnect (retry: 3000), a message goes out that it must not lose.
    const closed = dataOf<{ closed: number }>(await call(app, bob, 'POST', '/api/sse/cleanup'));
    expect(closed.closed).toBe(1);
    await until(() => client.source.readyState === EventSource.CONNECTING, 5000, 'connecting');
    await say('놓친 메시지');
    await until(() => client.contents.includes('놓친 메시지'), 15_000, 'missed event');

    expect(client.attempts).toHaveLength(2);
    expect(client.attempts[0]).toMatchObject({ status: 200, lastEventId: null });
    // The same request again, now naming the last event it saw: answered, and replayed.
    expect(client.attempts[1]?.status).toBe(200);
    expect(parseResumePoint(client.attempts[1]?.lastEventId ?? '')?.horizon).toBeGreaterThan(0);
    expect(client.contents).toEqual(['첫 번째', '놓친 메시지']);
    client.source.close();
  }, 30_000);

  it('a bearer stream ends with its session; the reconnect is refused and the client stops', async () => {
    const member = await createUser(app, '로그아웃');
    const client = stockEventSource(`${baseUrl}/api/sse/subscribe`, {
      authorization: `Bearer ${member.token}`,
    });
    await until(() => client.source.readyState === EventSource.OPEN, 10_000, 'open');
    await call(app, member, 'POST', '/api/auth/logout', {});
    await until(() => client.source.readyState === EventSource.CLOSED, 15_000, 'closed');
    expect(client.attempts.map((a) => a.status)).toEqual([200, 401]);
    const problem = JSON.parse(client.attempts[1]?.body ?? '{}') as { code?: string };
    expect(problem.code).toBe(ErrorCode.SESSION_REVOKED);
  }, 30_000);

  it('a bearer stream ends at its token’s expiry with `reauth`; the expired token is refused', async () => {
    // A real access token of a live session, signed by the server's key, that lives 2 s.
    const member = await createUser(app, '짧은 토큰');
    const sessionId = Number(decodeJwt(member.token)['sid']);
    const shortLived = await new AccessTokens(app.context.config.jwtSecret ?? '', 2).sign({
      userId: member.userId,
      sessionId,
    });
    const client = stockEventSource(`${baseUrl}/api/sse/subscribe`, {
      authorization: `Bearer ${shortLived}`,
    });
    const named: string[] = [];
    client.source.addEventListener('reauth', () => named.push('reauth'));
    await until(() => client.source.readyState === EventSource.OPEN, 10_000, 'open');
    const opened = Date.now();
    await until(() => named.includes('reauth'), 10_000, 'reauth');
    // exp has whole seconds: the stream lived at most the token's 2 s plus the 1 s slack.
    expect(Date.now() - opened).toBeLessThan(4000);
    await until(() => client.source.readyState === EventSource.CLOSED, 15_000, 'closed');
    expect(client.attempts.map((a) => a.status)).toEqual([200, 401]);
  }, 30_000);

  it('the web client (LiveConnection) over a stock EventSource: a new ticket on every reconnect, resuming after the last id', async () => {
    const tickets: string[] = [];
    const urls: string[] = [];
    const contents: string[] = [];
    const { LiveConnection } = await webLiveConnection();
    const connection = new LiveConnection({
      register: async () => {
        const ticket = dataOf<SseTicket>(await call(app, bob, 'POST', '/api/sse/register'));
        tickets.push(ticket.ticket);
        return ticket;
      },
      openStream: (url) => {
        urls.push(url);
        return new EventSource(url);
      },
      subscribeUrl: (ticket, lastEventId) =>
        `${baseUrl}/api/sse/subscribe?ticket=${ticket}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`,
    });
    connection.subscribe((event) => {
      if (event.type === 'NEW_CHAT_MESSAGE' && event.content) contents.push(event.content);
    });
    closers.push(() => connection.stop());
    connection.start();
    await until(() => connection.getState() === 'open', 10_000, 'open');
    await say('웹 첫 메시지');
    await until(() => contents.includes('웹 첫 메시지'), 10_000, 'first event');

    await call(app, bob, 'POST', '/api/sse/cleanup');
    await until(() => connection.getState() === 'connecting', 5000, 'connecting');
    await say('웹 놓친 메시지');
    await until(() => contents.includes('웹 놓친 메시지'), 15_000, 'missed event');

    expect(connection.getState()).toBe('open');
    expect(tickets).toHaveLength(2);
    expect(new Set(tickets).size).toBe(2);
    expect(urls[1]).toMatch(/&lastEventId=\d+(\.[0-9a-z]+)*$/);
    expect(contents).toEqual(['웹 첫 메시지', '웹 놓친 메시지']);
    connection.stop();
  }, 30_000);

  it('refuses a bad or missing bearer token, like every API call', async () => {
    const bad = await fetch(`${baseUrl}/api/sse/subscribe`, {
      headers: { authorization: 'Bearer not-a-token', accept: 'text/event-stream' },
    });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const none = await fetch(`${baseUrl}/api/sse/subscribe`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: string }).code).toBe(ErrorCode.AUTH_REQUIRED);
  });

  it('a stock EventSource coming back with its spent ticket gets 401 SSE_TICKET_SPENT and stops', async () => {
    const ticket = dataOf<SseTicket>(await call(app, bob, 'POST', '/api/sse/register'));
    const client = stockEventSource(`${baseUrl}/api/sse/subscribe?ticket=${ticket.ticket}`);
    await until(() => client.source.readyState === EventSource.OPEN, 10_000, 'open');
    await call(app, bob, 'POST', '/api/sse/cleanup');
    await until(() => client.source.readyState === EventSource.CLOSED, 15_000, 'closed');

    expect(client.attempts.map((a) => a.status)).toEqual([200, 401]);
    const problem = JSON.parse(client.attempts[1]?.body ?? '{}') as { code?: string };
    expect(problem.code).toBe(ErrorCode.SSE_TICKET_SPENT);
    // What the client sees: an error with the status, and the stream closed for good, so the web
    // client (LiveConnection) registers a new ticket and opens a new EventSource.
    expect(client.errors.at(-1)).toEqual({ code: 401, readyState: EventSource.CLOSED });

    // An unknown ticket is still just invalid.
    const unknown = await fetch(`${baseUrl}/api/sse/subscribe?ticket=never-issued`);
    expect(((await unknown.json()) as { code: string }).code).toBe(ErrorCode.SSE_TICKET_INVALID);
  }, 30_000);
});

describe('STOMP with @stomp/stompjs', () => {
  function stompClient(connectHeaders: Record<string, string>, url = wsUrl) {
    const heard: string[] = [];
    const errors: IFrame[] = [];
    let connected = false;
    const client = new Client({
      webSocketFactory: () => new WebSocket(url),
      connectHeaders,
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      onConnect: () => {
        connected = true;
        client.subscribe(`/topic/chat-rooms/${room.id}`, (message) => {
          const event = JSON.parse(message.body) as { type?: string; content?: string };
          if (event.type === 'NEW_CHAT_MESSAGE' && event.content) heard.push(event.content);
        });
      },
      onStompError: (frame) => errors.push(frame),
    });
    closers.push(() => client.deactivate());
    client.activate();
    return { client, heard, errors, isConnected: () => connected };
  }

  /** A chat message reaches a subscriber once its subscription is surely in place. */
  async function heardBy(client: ReturnType<typeof stompClient>, content: string) {
    await until(() => client.isConnected(), 10_000, 'CONNECTED');
    const started = Date.now();
    while (!client.heard.includes(content)) {
      if (Date.now() - started > 10_000) throw new Error(`never heard ${content}`);
      await say(content);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('accepts the token as Authorization: Bearer in CONNECT, with nothing in the URL', async () => {
    const bobClient = stompClient({ Authorization: `Bearer ${bob.token}` });
    await heardBy(bobClient, '헤더로 연결');
    expect(bobClient.errors).toEqual([]);
    await bobClient.client.deactivate();
  }, 30_000);

  it('accepts the token as the STOMP passcode header', async () => {
    const bobClient = stompClient({ login: String(bob.userId), passcode: bob.token });
    await heardBy(bobClient, '패스코드로 연결');
    expect(bobClient.errors).toEqual([]);
    await bobClient.client.deactivate();
  }, 30_000);

  it('still accepts the token in the URL (older clients)', async () => {
    const bobClient = stompClient({}, `${wsUrl}?token=${bob.token}`);
    await heardBy(bobClient, '주소로 연결');
    await bobClient.client.deactivate();
  }, 30_000);

  it('refuses a CONNECT with no token or a bad one with an ERROR frame', async () => {
    const refusals: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer not-a-token' },
      { passcode: 'nope' },
    ];
    for (const headers of refusals) {
      const refused = stompClient(headers);
      await until(() => refused.errors.length > 0, 10_000, 'ERROR frame');
      expect(refused.errors[0]?.headers['message']).toBe('unauthorized');
      expect(refused.isConnected()).toBe(false);
      await refused.client.deactivate();
    }
  }, 30_000);
});
