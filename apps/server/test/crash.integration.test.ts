import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { startServer, type ServerProcess } from './server-process';
import { extractCode, startSmtpSink, type SmtpSink } from './smtp-sink';

/**
 * Crash safety of the embedded database: the real server on a PGlite DATA_DIR is SIGKILLed over
 * and over while writes are in flight: logins (session writes), then chat sends (stored in
 * batches, text-sends.ts). Every write the server acknowledged (answered 2xx) must still be there
 * after the restart; the restart must succeed (the stale DATA_DIR lock is taken over, the
 * database recovers).
 *
 * Each round is one SIGKILL, so the rounds are samples of the moment a kill lands: `npm test`
 * takes a few (5 login and 3 chat rounds, ~40 s less than the soak on a quiet machine), and
 * `npm run test:soak` (CRASH_ROUNDS=20) the full count (20 and 6). Every round asserts the same
 * things either way.
 */
const ROUNDS = crashRounds(process.env.CRASH_ROUNDS);
/** Chat rounds: three tenths of the login rounds (each sets up six senders), at least three. */
const CHAT_ROUNDS = Math.max(3, Math.round((ROUNDS * 3) / 10));
const CONCURRENCY = 4;
const PASSWORD = 'Crash1234';

type Acknowledged = { sessionId: number; round: number };

/** The login rounds CRASH_ROUNDS asks for (a whole number from 1), 5 when unset. */
function crashRounds(value: string | undefined): number {
  if (value === undefined || value === '') return 5;
  const rounds = Number(value);
  if (!Number.isInteger(rounds) || rounds < 1) {
    throw new Error(`CRASH_ROUNDS must be a whole number of rounds from 1, not ${value}`);
  }
  return rounds;
}

/** The `sid` claim of an access token: the session id. */
function sessionIdOf(token: string): number {
  const payload = token.split('.')[1];
  if (!payload) throw new Error(`not a JWT: ${token}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    sid?: unknown;
  };
  if (typeof claims.sid !== 'number') throw new Error(`no sid claim in ${JSON.stringify(claims)}`);
  return claims.sid;
}

async function call(
  server: ServerProcess,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** The `data` of a 2xx `{ data }` answer; fails the test on any other answer. */
function dataOf<T>(answer: { status: number; json: Record<string, unknown> }, status = 200): T {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  return answer.json['data'] as T;
}

async function login(server: ServerProcess, email: string) {
  const answer = await call(server, 'POST', '/api/auth/login', {
    email,
    password: PASSWORD,
    clientInfo: { userAgent: 'crash-test' },
  });
  return answer;
}

/** Signs up through the API, with the code read from the real mail. */
async function signUp(server: ServerProcess, sink: SmtpSink, email: string) {
  expect((await call(server, 'POST', '/api/auth/email/request', { email })).status).toBe(200);
  const code = extractCode((await sink.waitForMail(email)).text);
  const verified = await call(server, 'POST', '/api/auth/email/verify', {
    email,
    verificationCode: code,
  });
  expect(verified.status).toBe(200);
  const registered = await call(server, 'POST', '/api/users/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(registered.status).toBe(201);
}

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/**
 * `concurrency` workers, each running `work` again and again until the server dies (or `finish`
 * is called). `work` throws when the server is gone (connection reset or refused): that worker
 * stops.
 */
function workers(concurrency: number, work: (worker: number) => Promise<void>) {
  let inFlight = 0;
  let stopped = false;
  const failures: unknown[] = [];
  const run = async (worker: number) => {
    while (!stopped) {
      inFlight += 1;
      try {
        await work(worker);
      } catch (error) {
        // fetch fails with a TypeError when the server is gone (connection reset or refused);
        // anything else (a failed expectation) fails the test.
        if (!(error instanceof TypeError)) failures.push(error);
        return;
      } finally {
        inFlight -= 1;
      }
    }
  };
  const running = Array.from({ length: concurrency }, (_, worker) => run(worker));
  return {
    inFlight: () => inFlight,
    /** Stops the workers and waits for them; every request has been answered or failed by then. */
    async finish() {
      stopped = true;
      await Promise.all(running);
      if (failures.length > 0) throw failures[0];
    },
  };
}

/**
 * Logins fired continuously by `CONCURRENCY` workers until the server dies. A login counts as
 * acknowledged only when its whole 2xx answer (with the token) arrived.
 */
function loginStream(server: ServerProcess, email: string, round: number) {
  const acknowledged: Acknowledged[] = [];
  const statuses = new Map<number, number>();
  const stream = workers(CONCURRENCY, async () => {
    const answer = await login(server, email);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300) {
      const data = answer.json['data'] as { token: string; refreshToken: string };
      expect(data.refreshToken).toEqual(expect.any(String));
      acknowledged.push({ sessionId: sessionIdOf(data.token), round });
    }
  });
  return {
    inFlight: stream.inFlight,
    acknowledgedSoFar: () => acknowledged.length,
    async finish() {
      await stream.finish();
      return { acknowledged, statuses };
    },
  };
}

/** SIGKILLs the server after `delay` ms; answers how many requests `stream` had in flight then. */
async function killAfter(server: ServerProcess, delay: number, stream: { inFlight(): number }) {
  await new Promise((resolve) => setTimeout(resolve, delay));
  const inFlight = stream.inFlight();
  const exit = await server.kill();
  expect(exit.signal).toBe('SIGKILL');
  return inFlight;
}

describe('crash safety of the embedded database', () => {
  let sink: SmtpSink | undefined;
  let server: ServerProcess | undefined;
  const dataDirs: string[] = [];
  /** A DATA_DIR of its own per test: a failed test leaves nothing to the next. */
  const freshDataDir = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-crash-'));
    dataDirs.push(dataDir);
    return dataDir;
  };
  const smtpSink = async () => (sink ??= await startSmtpSink());
  afterEach(async () => {
    await server?.kill();
    server = undefined;
  });
  afterAll(async () => {
    await sink?.close();
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `keeps every acknowledged login through ${ROUNDS} SIGKILLs`,
    { timeout: 6 * 60_000 },
    async () => {
      const started = Date.now();
      const dataDir = freshDataDir();
      const env = { SMTP_URL: (await smtpSink()).url };
      server = await startServer({ dataDir, env });

      const email = uniqueEmail('crash');
      await signUp(server, await smtpSink(), email);

      const acknowledged: Acknowledged[] = [];
      const statusTotals = new Map<number, number>();
      let killedWithWritesInFlight = 0;
      const rounds: string[] = [];

      for (let round = 1; round <= ROUNDS; round += 1) {
        const stream = loginStream(server, email, round);
        // Killed a random moment after the round's first login was answered (a restarted
        // server's first logins are slow under load), with the next ones in flight: every round
        // has an acknowledged write to lose, however few rounds there are.
        const streamStarted = Date.now();
        while (stream.acknowledgedSoFar() === 0 && Date.now() - streamStarted < 15_000) {
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        const waited = Date.now() - streamStarted;
        const delay = randomInt(0, 501);
        if ((await killAfter(server, delay, stream)) > 0) killedWithWritesInFlight += 1;
        const { acknowledged: acks, statuses } = await stream.finish();
        expect(acks.length, `round ${round}: logins answered before the kill`).toBeGreaterThan(0);
        acknowledged.push(...acks);
        rounds.push(`${waited}+${delay}ms:${acks.length}`);
        for (const [status, count] of statuses) {
          statusTotals.set(status, (statusTotals.get(status) ?? 0) + count);
        }

        // The restart must succeed on the same DATA_DIR: stale lock taken over, database intact.
        server = await startServer({ dataDir, env });
        const check = await login(server, email);
        expect(check.status, JSON.stringify(check.json)).toBe(200);
        const token = (check.json['data'] as { token: string }).token;
        acknowledged.push({ sessionId: sessionIdOf(token), round });
        const sessions = await call(server, 'GET', '/api/auth/sessions', undefined, token);
        expect(sessions.status).toBe(200);
        const present = new Set((sessions.json['data'] as Array<{ id: number }>).map((s) => s.id));
        const lost = acknowledged.filter((ack) => !present.has(ack.sessionId));
        expect(lost, `round ${round}: acknowledged sessions lost after SIGKILL`).toEqual([]);
      }

      const summary = [...statusTotals].map(([status, count]) => `${status}×${count}`).join(' ');
      console.log(
        `crash test: ${ROUNDS} SIGKILLs, ${acknowledged.length} acknowledged logins all kept ` +
          `(answers during the streams: ${summary}; first answer+kill delay:acknowledged per ` +
          `round ` +
          `${rounds.join(' ')}), ${Math.round((Date.now() - started) / 1000)} s`,
      );
      // The test proves something only if logins were acknowledged (every round, asserted above)
      // and every kill hit live writes.
      expect(killedWithWritesInFlight).toBe(ROUNDS);
      await server.stop();
    },
  );

  const SENDERS = 6;

  it(
    `keeps every acknowledged chat send, once and in order, through ${CHAT_ROUNDS} SIGKILLs`,
    { timeout: 3 * 60_000 },
    async () => {
      const started = Date.now();
      const dataDir = freshDataDir();
      const smtp = await smtpSink();
      const env = { SMTP_URL: smtp.url };
      server = await startServer({ dataDir, env });

      // SENDERS members of one workspace, all in one group room made by the first.
      const live = server;
      const senders = await Promise.all(
        Array.from({ length: SENDERS }, async (_, index) => {
          const email = uniqueEmail(`chat-crash-${index}`);
          await signUp(live, smtp, email);
          const data = dataOf<{ token: string; user: { id: number } }>(await login(live, email));
          return { token: data.token, userId: data.user.id };
        }),
      );
      const [owner, ...others] = senders as [(typeof senders)[0], ...typeof senders];
      const workspace = dataOf<Workspace>(
        await call(server, 'POST', '/api/workspaces', { name: '충돌 채팅' }, owner.token),
        201,
      );
      for (const member of others) {
        const joined = await call(
          server,
          'POST',
          '/api/workspaces/join',
          { inviteCode: workspace.inviteCode },
          member.token,
        );
        expect(joined.status, JSON.stringify(joined.json)).toBeLessThan(300);
      }
      const roomsUrl = `/api/workspaces/${workspace.id}/chat-rooms`;
      const room = dataOf<ChatRoom>(
        await call(
          server,
          'POST',
          `${roomsUrl}/create`,
          { name: '충돌 방', chatMemberIdList: others.map((member) => member.userId) },
          owner.token,
        ),
        201,
      );
      const messagesUrl = `${roomsUrl}/${room.id}/messages`;
      const setUp = Date.now() - started;

      /** Per sender, the acknowledged sends in the order their answers arrived. */
      const acknowledged = senders.map(() => [] as Array<{ id: number; content: string }>);
      const statusTotals = new Map<number, number>();
      const inFlightAtKill: number[] = [];
      const rounds: string[] = [];
      const restarts: number[] = [];

      /**
       * Every message of the room, oldest first (by id), read through the API a page of 100 at a
       * time: the pages follow each other by the `afterId` cursor.
       */
      const readRoom = async (token: string) => {
        const all: ChatMessage[] = [];
        let query = 'sort=createdAt,asc&size=100';
        for (;;) {
          const page = dataOf<{ content: ChatMessage[] }>(
            await call(server as ServerProcess, 'GET', `${messagesUrl}?${query}`, undefined, token),
          ).content;
          all.push(...page);
          const last = page.at(-1);
          if (page.length < 100 || !last) return all;
          query = `afterId=${last.id}&size=100`;
        }
      };

      for (let round = 1; round <= CHAT_ROUNDS; round += 1) {
        // Each sender sends one message after another (the next once the last was answered),
        // all senders at once: the sends arriving while a batch is written make the next batch.
        const streaming = server;
        const before = acknowledged.flat().length;
        let sent = 0;
        const stream = workers(SENDERS, async (sender) => {
          sent += 1;
          const content = `r${round}-s${sender}-${sent}`;
          const { token } = senders[sender] as (typeof senders)[0];
          const answer = await call(streaming, 'POST', messagesUrl, { content }, token);
          statusTotals.set(answer.status, (statusTotals.get(answer.status) ?? 0) + 1);
          if (answer.status >= 200 && answer.status < 300) {
            const message = answer.json['data'] as ChatMessage;
            expect(message.content).toBe(content);
            (acknowledged[sender] as Array<{ id: number; content: string }>).push({
              id: message.id,
              content,
            });
          }
        });
        // Killed a random moment after a random number of the round's sends were answered (a
        // restarted server's first sends are slow: its caches are cold), with the next in flight.
        const target = randomInt(1, 3 * SENDERS + 1);
        const streamStarted = Date.now();
        while (
          acknowledged.flat().length - before < target &&
          Date.now() - streamStarted < 15_000
        ) {
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        const delay = randomInt(0, 151);
        inFlightAtKill.push(await killAfter(streaming, delay, stream));
        await stream.finish();
        const acks = acknowledged.flat().length - before;
        expect(acks, `round ${round}: sends answered before the kill`).toBeGreaterThanOrEqual(
          target,
        );
        rounds.push(`${target}+${delay}ms:${acks}`);

        const restarting = Date.now();
        server = await startServer({ dataDir, env });
        restarts.push(Date.now() - restarting);
        const listed = await readRoom(owner.token);
        const byContent = new Map<string, ChatMessage[]>();
        for (const message of listed) {
          byContent.set(message.content, [...(byContent.get(message.content) ?? []), message]);
        }
        const twice = [...byContent].filter(([, messages]) => messages.length > 1);
        expect(
          twice.map(([content]) => content),
          `round ${round}: stored twice`,
        ).toEqual([]);
        for (const [sender, acks] of acknowledged.entries()) {
          const senderId = (senders[sender] as (typeof senders)[0]).userId;
          const lost = acks.filter(({ id, content }) => {
            const [stored] = byContent.get(content) ?? [];
            return stored?.id !== id || stored.senderId !== senderId || stored.deleted;
          });
          expect(lost, `round ${round}: acknowledged sends of sender ${sender} lost`).toEqual([]);
          const ids = acks.map(({ id }) => id);
          expect(ids, `round ${round}: sender ${sender}'s ids out of order`).toEqual(
            [...ids].sort((a, b) => a - b),
          );
          expect(new Set(ids).size).toBe(ids.length);
        }
      }

      const total = acknowledged.flat().length;
      const summary = [...statusTotals].map(([status, count]) => `${status}×${count}`).join(' ');
      console.log(
        `chat crash test: ${CHAT_ROUNDS} SIGKILLs, ${total} acknowledged sends all kept once ` +
          `(answers during the streams: ${summary}; answers waited for+kill delay:acknowledged per ` +
          `round ${rounds.join(' ')}; in flight at the kills ${inFlightAtKill.join(' ')}; restarts ` +
          `${restarts.join(' ')} ms; set-up ${setUp} ms), ` +
          `${Math.round((Date.now() - started) / 1000)} s`,
      );
      // The test proves something only if every kill hit sends in flight, most of the senders'
      // at least once (then batches of several sends were formed); each round waited for answers.
      expect(Math.min(...inFlightAtKill)).toBeGreaterThan(0);
      expect(Math.max(...inFlightAtKill)).toBeGreaterThanOrEqual(SENDERS / 2);
      await server.stop();
    },
  );
});
