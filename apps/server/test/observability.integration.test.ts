import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  createTestApp,
  listenLocally,
  testDbKind,
  type TestApp,
} from './test-app';
import { authHeader, createUser, dataOf, expectProblem } from './factories';
import { openSse } from './sse-client';
import { openStompSocket } from './stomp-client';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

/** A real pino logger at the default level whose lines the test can read. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text) continue;
        raw.push(text);
        lines.push(JSON.parse(text) as LogLine);
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines, raw };
}

const accessLines = (lines: LogLine[]) => lines.filter((line) => line.msg === 'request');

async function until(predicate: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One sample of a metric in the exposition text (labels in Prometheus' order), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('access log and X-Request-Id', () => {
  let app: TestApp;
  let baseUrl: string;
  const log = capturedLogger();

  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'info' }, { logger: log.logger });
    baseUrl = await listenLocally(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('writes one line per request with method, route pattern, status, time and request id', async () => {
    const user = await createUser(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: authHeader(user.token),
    });
    const id = response.headers['x-request-id'];
    expect(typeof id).toBe('string');
    await until(() => accessLines(log.lines).some((line) => line.reqId === id));
    const mine = accessLines(log.lines).filter((line) => line.reqId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/users/me',
      url: '/api/users/me',
      status: response.statusCode,
    });
    expect(typeof mine[0]?.responseTimeMs).toBe('number');
    // The route pattern, not the URL: ids stay out of the route label.
    const missing = await app.inject({ method: 'GET', url: '/api/teams/987654' });
    await until(() =>
      accessLines(log.lines).some((line) => line.reqId === missing.headers['x-request-id']),
    );
    const teamLine = accessLines(log.lines).find(
      (line) => line.reqId === missing.headers['x-request-id'],
    );
    expect(teamLine?.route).toBe('/api/teams/:id');
    expect(teamLine?.status).toBe(missing.statusCode);
  });

  it('never logs tokens, tickets, Authorization or cookies', async () => {
    const user = await createUser(app);
    const secrets = ['SSE-TICKET-SECRET', 'WS-TOKEN-SECRET', 'AUTH-HEADER-SECRET', 'COOKIE-SECRET'];
    const sse = await app.inject({
      method: 'GET',
      url: `/api/sse/subscribe?ticket=${secrets[0]}&lastEventId=3`,
    });
    expect(sse.statusCode).toBe(401);
    await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${secrets[2]}`, cookie: `refresh=${secrets[3]}` },
    });
    // A real STOMP socket opened with the token in its URL, then closed.
    const wsUrl = `${baseUrl.replace('http', 'ws')}/ws`;
    const socket = await openStompSocket(wsUrl, user.token);
    expect(socket.opened).toBe(true);
    socket.socket.close();
    await socket.closed;
    const refused = await openStompSocket(wsUrl, secrets[1] ?? '');
    expect(refused.opened).toBe(false);

    await until(() => accessLines(log.lines).filter((line) => line.route === '/ws').length >= 2);
    const all = log.raw.join('\n');
    for (const secret of [...secrets, user.token]) expect(all).not.toContain(secret);
    const sseLine = accessLines(log.lines).find((line) => line.route === '/api/sse/subscribe');
    expect(sseLine?.url).toBe('/api/sse/subscribe?ticket=[redacted]&lastEventId=3');
    const wsLines = accessLines(log.lines).filter((line) => line.route === '/ws');
    for (const line of wsLines) expect(line.url).toBe('/ws?token=[redacted]');
    expect(wsLines.map((line) => line.status)).toContain(401);
  });

  it('never logs an invite code (a join credential in the path) or a search text', async () => {
    const owner = await createUser(app);
    const member = await createUser(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: authHeader(owner.token),
      payload: { name: '기록 수업' },
    });
    const workspace = dataOf<{ id: number; inviteCode: string }>(created);
    const searchText = '아무도몰라야할검색어';
    const hashtagText = '비밀해시태그';
    const calls = [
      { url: `/api/workspaces/invite/${workspace.inviteCode}`, token: member.token },
      { url: `/api/workspaces/invite/${workspace.inviteCode}/public`, token: undefined },
      {
        url: `/api/workspaces/${workspace.id}/search?q=${encodeURIComponent(searchText)}&page=0`,
        token: owner.token,
      },
      { url: `/api/hashtags/search?q=${encodeURIComponent(hashtagText)}`, token: owner.token },
    ];
    const ids: string[] = [];
    for (const { url, token } of calls) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: token === undefined ? {} : authHeader(token),
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      ids.push(String(response.headers['x-request-id']));
    }
    await until(() => ids.every((id) => accessLines(log.lines).some((l) => l.reqId === id)));
    const lines = ids.map((id) => accessLines(log.lines).find((line) => line.reqId === id));
    expect(lines.map((line) => line?.url)).toEqual([
      '/api/workspaces/invite/[redacted]',
      '/api/workspaces/invite/[redacted]/public',
      `/api/workspaces/${workspace.id}/search?q=[redacted]&page=0`,
      '/api/hashtags/search?q=[redacted]',
    ]);
    const all = log.raw.join('\n');
    for (const secret of [workspace.inviteCode, searchText, encodeURIComponent(searchText)]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toContain(encodeURIComponent(hashtagText));
  });

  it('redacts every path parameter of the API document that names a credential', async () => {
    const document = (await app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const credentialRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      /\{[^}]*(?:code|token|ticket|secret|key|invite)[^}]*\}/i.test(path)
        ? Object.keys(operations).map((method) => ({ path, method: method.toUpperCase() }))
        : [],
    );
    // The invite routes at least; any other such route is held to the same rule.
    expect(credentialRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/api/workspaces/invite/{code}',
        '/api/workspaces/invite/{code}/public',
      ]),
    );
    const user = await createUser(app);
    for (const [index, route] of credentialRoutes.entries()) {
      // Every parameter gets a value; the credential ones a marker that must not be logged.
      const marker = `CREDENTIAL${index}MARKER`;
      const url = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
        /code|token|ticket|secret|key|invite/i.test(name) ? marker : '1',
      );
      const response = await app.inject({
        method: route.method as 'GET',
        url,
        headers: authHeader(user.token),
      });
      const id = String(response.headers['x-request-id']);
      await until(() => accessLines(log.lines).some((line) => line.reqId === id));
      const line = accessLines(log.lines).find((l) => l.reqId === id);
      expect(line?.url, `${route.method} ${route.path}`).toContain('[redacted]');
      expect(log.raw.join('\n'), `${route.method} ${route.path}`).not.toContain(marker);
    }
  });

  it('answers a sane incoming X-Request-Id and uses it in the log', async () => {
    const given = 'edge-proxy.1234_abc';
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': given },
    });
    expect(response.headers['x-request-id']).toBe(given);
    await until(() => accessLines(log.lines).some((line) => line.reqId === given));
  });

  it('generates a UUID when none comes, and replaces an unacceptable one', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    for (const bad of ['has spaces in it', 'x'.repeat(129), 'new\\nline', 'semi;colon', '']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': bad },
      });
      expect(response.headers['x-request-id']).toMatch(UUID);
    }
    const problem = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(problem.statusCode).toBe(404);
    expect(problem.headers['x-request-id']).toMatch(UUID);
  });

  it('puts the request id on an SSE stream too', async () => {
    const user = await createUser(app);
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/sse/register',
      headers: authHeader(user.token),
    });
    const { ticket: value } = dataOf<{ ticket: string }>(ticket);
    const response = await fetch(`${baseUrl}/api/sse/subscribe?ticket=${value}`, {
      headers: { 'x-request-id': 'stream-id-1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('stream-id-1');
    await response.body?.cancel();
    // The stream's line is written when it ends, with the ticket redacted.
    await until(() => accessLines(log.lines).some((line) => line.reqId === 'stream-id-1'));
    const line = accessLines(log.lines).find((l) => l.reqId === 'stream-id-1');
    expect(line).toMatchObject({ status: 200, url: '/api/sse/subscribe?ticket=[redacted]' });
  });
});

describe('/metrics', () => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN });
    baseUrl = await listenLocally(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const scrape = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authHeader(METRICS_TOKEN),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('is refused without the token or with a wrong one', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expectProblem(none, 401, 'AUTH_REQUIRED');
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authHeader(`${METRICS_TOKEN}x`),
    });
    expectProblem(wrong, 401, 'AUTH_REQUIRED');
    expect(wrong.body).not.toContain('teamup_http_requests_total');
  });

  it('does not exist when METRICS_TOKEN is not set', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.inject({
        method: 'GET',
        url: '/metrics',
        headers: authHeader(METRICS_TOKEN),
      });
      expectProblem(response, 404, 'NOT_FOUND');
    } finally {
      await bare.close();
    }
  });

  it('counts requests by method, route pattern and status, with their latency', async () => {
    const labels = '{method="GET",route="/api/teams/:id",status="401"}';
    const before = sample(await scrape(), 'teamup_http_requests_total', labels) ?? 0;
    for (const id of [1, 2, 3]) await app.inject({ method: 'GET', url: `/api/teams/${id}` });
    const text = await scrape();
    expect(sample(text, 'teamup_http_requests_total', labels)).toBe(before + 3);
    expect(sample(text, 'teamup_http_request_duration_seconds_count', labels)).toBe(before + 3);
    expect(text).not.toContain('route="/api/teams/1"');
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (testDbKind === 'postgres') {
      expect(sample(text, 'teamup_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'teamup_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('teamup_db_pool_connections');
    }
  });

  it('shows the embedded database worker: its queue depth and the time of its calls', async () => {
    const text = await scrape();
    if (testDbKind === 'postgres') {
      expect(text).not.toContain('teamup_db_worker_queue_depth');
      return;
    }
    expect(sample(text, 'teamup_db_worker_queue_depth')).toBeGreaterThanOrEqual(0);
    const queries = '{op="query"}';
    const before = sample(text, 'teamup_db_worker_call_duration_seconds_count', queries) ?? 0;
    await app.context.database.db.execute(sql`SELECT 1`);
    await app.context.database.db.execute(sql`SELECT 2`);
    const after = await scrape();
    // At least these two (a background sweep may have asked something meanwhile).
    expect(
      sample(after, 'teamup_db_worker_call_duration_seconds_count', queries),
    ).toBeGreaterThanOrEqual(before + 2);
    expect(sample(after, 'teamup_db_worker_call_duration_seconds_sum', queries)).toBeGreaterThan(0);
  });

  it('shows open SSE streams and STOMP sockets, and bus events', async () => {
    const user = await createUser(app);
    const before = await scrape();
    expect(sample(before, 'teamup_sse_streams_open')).toBe(0);
    expect(sample(before, 'teamup_stomp_sockets_open')).toBe(0);

    const ticket = await app.inject({
      method: 'POST',
      url: '/api/sse/register',
      headers: authHeader(user.token),
    });
    const stream = await openSse(
      `${baseUrl}/api/sse/subscribe?ticket=${dataOf<{ ticket: string }>(ticket).ticket}`,
    );
    expect(stream.status).toBe(200);
    const socket = await openStompSocket(`${baseUrl.replace('http', 'ws')}/ws`, user.token);
    expect(socket.opened).toBe(true);
    const published = sample(before, 'teamup_bus_events_published_total', '{topic="user"}') ?? 0;
    const received = sample(before, 'teamup_bus_events_received_total', '{topic="user"}') ?? 0;
    // The stream listens to the user's topic: an event there is published once and received once.
    await app.context.bus.publish(`user.${user.userId}`, { type: 'TEST_EVENT' });
    await stream.waitFor((events) => events.some((event) => event.data.type === 'TEST_EVENT'));

    const open = await scrape();
    expect(sample(open, 'teamup_sse_streams_open')).toBe(1);
    expect(sample(open, 'teamup_stomp_sockets_open')).toBe(1);
    expect(sample(open, 'teamup_bus_events_published_total', '{topic="user"}')).toBe(published + 1);
    expect(sample(open, 'teamup_bus_events_received_total', '{topic="user"}')).toBe(received + 1);

    stream.close();
    socket.socket.close();
    await socket.closed;
    let after = '';
    const started = Date.now();
    do {
      after = await scrape();
      if (
        sample(after, 'teamup_sse_streams_open') === 0 &&
        sample(after, 'teamup_stomp_sockets_open') === 0
      ) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (Date.now() - started < 5000);
    expect(sample(after, 'teamup_sse_streams_open')).toBe(0);
    expect(sample(after, 'teamup_stomp_sockets_open')).toBe(0);
    // A stream is counted when it ends, under its route pattern.
    expect(
      sample(
        after,
        'teamup_http_requests_total',
        '{method="GET",route="/api/sse/subscribe",status="200"}',
      ),
    ).toBe(1);
  });
});

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/** A redis-server of the test's own, on its own port, that the test can stop. */
async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import('ioredis');
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  const started = Date.now();
  for (;;) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      probe.disconnect();
      if (Date.now() - started > 5000) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
  let stopped = false;
  return {
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('/api/health/ready', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('answers 200 on the test database without Redis, and liveness stays plain', async () => {
    const app = await createTestApp();
    apps.push(app);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    // Run from the sources: the checkout's version, and no commit baked in.
    const { version } = JSON.parse(
      await fs.readFile(path.join(import.meta.dirname, '../../../package.json'), 'utf8'),
    ) as { version: string };
    expect(ready.json()).toEqual({
      data: { database: 'ok', redis: 'not-configured', version, commit: 'source' },
    });
    const live = await app.inject({ method: 'GET', url: '/api/health' });
    expect(live.json()).toEqual({ data: { status: 'ok' } });
  });

  it.runIf(process.env.TEST_REDIS_URL)('answers 200 with Redis configured', async () => {
    const app = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
    apps.push(app);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ data: { database: 'ok', redis: 'ok' } });
  });

  it('answers 503 naming Redis, within the check timeout, when its Redis goes down', async () => {
    const redis = await startRedis();
    try {
      const app = await createTestApp({ REDIS_URL: redis.url });
      apps.push(app);
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await redis.stop();
      const started = Date.now();
      const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(Date.now() - started).toBeLessThan(3500);
      expectProblem(down, 503, 'SERVICE_UNAVAILABLE');
      expect(down.json<{ detail: string }>().detail).toContain('redis');
      expect(down.json<{ detail: string }>().detail).not.toContain('database');
      // Liveness does not look at Redis.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await redis.stop();
    }
  });

  it('answers 503 naming the database when it is closed', async () => {
    const database = await openTestDatabase();
    const app = await createTestApp({}, { database });
    apps.push(app);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    await database.close();
    const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expectProblem(down, 503, 'SERVICE_UNAVAILABLE');
    expect(down.json<{ detail: string }>().detail).toContain('database');
    expect(down.json<{ detail: string }>().detail).not.toContain('redis');
  });
});
