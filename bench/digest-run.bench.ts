/**
 * `npm run bench -- digest-run` (issue 43): 10,000 members, each with unread mentions and a
 * direct message, whose digests (the job after going away, decision 0042) fall due at the same
 * moment, on the product's bundle with a real SMTP server (a counting sink here). Measures the
 * time from that moment until the sink has every member's mail, and how long the server's event
 * loop was held meanwhile (bench/stall-probe.ts: a health probe every 10 ms, and the server's own
 * monitorEventLoopDelay max from /metrics each second).
 *
 * Baselines in the same run: the same probe against the same server idle before the moment, and
 * the product's SMTP mailer alone sending 10,000 digest mails to the same sink from this process
 * (what SMTP and the sink cost on this machine, without the database or the jobs).
 *
 * Seeds in SQL before the server opens the database (bench/digest-run.repo.ts); PGlite, and
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database).
 * BENCH_DIGEST_MEMBERS (default 10,000), BENCH_DIGEST_ONLY=PGlite|PostgreSQL, BENCH_DIGEST_CPU_PROF.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer } from '../apps/server/src/platform/mail/smtp-mailer';
import { composeDigestMail } from '../apps/server/src/modules/notifications/digest';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import { fillDigests } from './digest-run.repo';
import { ensureProductBundle, withScratchDatabase } from './processes';
import { startStallProbe, window, windowText } from './stall-probe';
import { JWT_SECRET, seed, sleep, threadCpuMeter } from './support';

const MEMBERS = Number(process.env.BENCH_DIGEST_MEMBERS ?? 10_000);
/** From the end of the seed to the jobs' due time: the server starts and the idle probe runs. */
const DUE_AFTER_MS = Number(process.env.BENCH_DIGEST_DUE_S ?? 60) * 1000;
const GIVE_UP_MS = 600_000;
const METRICS_TOKEN = 'bench-metrics-token';

/** An SMTP server that takes every mail and keeps only who it was for and when it came. */
async function startCountingSink() {
  const arrivals: number[] = [];
  const recipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) recipients.add(to.address.toLowerCase());
        arrivals.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    recipients,
    reset() {
      arrivals.length = 0;
      recipients.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Sink = Awaited<ReturnType<typeof startCountingSink>>;

async function waitForMails(sink: Sink, count: number, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (sink.recipients.size < count && performance.now() < deadline) await sleep(20);
  return sink.recipients.size;
}

/** Mails per 5 s after `from`: where a slow run spends its time. */
function rateText(arrivals: number[], from: number) {
  const buckets: number[] = [];
  for (const at of arrivals) {
    const k = Math.floor((at - from) / 5000);
    if (k >= 0) buckets[k] = (buckets[k] ?? 0) + 1;
  }
  return Array.from(buckets, (n) => n ?? 0).join(', ');
}

/** The baseline: the product's mailer alone sends `count` digest mails, 32 at a time. */
async function bareMails(sink: Sink, count: number) {
  const mailer = new SmtpMailer(sink.url, 'TeamUp <no-reply@teamup.local>');
  const mail = (i: number) =>
    composeDigestMail({
      to: `bare${i}@bench.local`,
      name: `멤버${i}`,
      notices: [
        {
          kind: 'MENTION',
          message: '회의실에서 사용자0님이 회원님을 언급했습니다.',
          link: '/ws/1/chat/1',
          count: 1,
          updatedAt: new Date(),
        },
        {
          kind: 'CHAT_MESSAGE',
          message: '사용자0님의 메시지: 내일 회의 자료 확인 부탁드려요',
          link: '/ws/1/chat/2',
          count: 3,
          updatedAt: new Date(),
        },
      ],
      total: 3,
      origin: 'http://localhost:8080',
      unsubscribeUrl: 'http://localhost:8080/api/notifications/digest/unsubscribe?token=x',
      unsubscribePageUrl: 'http://localhost:8080/#/digest-unsubscribe?token=x',
    });
  sink.reset();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        await mailer.send(mail(i));
      }
    }),
  );
  const got = await waitForMails(sink, count, 30_000);
  const seconds = (performance.now() - started) / 1000;
  await mailer.close();
  sink.reset();
  return { seconds, got };
}

async function runEngine(engine: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) {
  const say = (line: string) => console.log(`[digest-run ${engine}] ${line}`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-digest-'));
  const env: Record<string, string> = {
    DATA_DIR: tmp,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const sink = await startCountingSink();
  let server: ServerProcess | undefined;
  try {
    const seeded = await seed(env, 1, {});
    let t0 = performance.now();
    // The moment is set once the seed is written: the fill and the start fit well inside it.
    const dueAt = new Date(Date.now() + DUE_AFTER_MS);
    const filled = await fillDigests(env, seeded.workspaceId, MEMBERS, dueAt);
    say(
      `filled ${MEMBERS} members, ${filled.notices} notices, ${filled.jobs} digest jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    t0 = performance.now();
    server = await startServer({
      dataDir: tmp,
      entry: 'bundle',
      readyTimeoutMs: 180_000,
      // BENCH_DIGEST_CPU_PROF=<dir>: a CPU profile of the server, written when it stops.
      ...(process.env.BENCH_DIGEST_CPU_PROF
        ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_DIGEST_CPU_PROF] }
        : {}),
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        NODE_ENV: 'production',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        SMTP_URL: sink.url,
        METRICS_TOKEN,
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    say(`server healthy in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const dueIn = dueAt.getTime() - Date.now();
    if (dueIn < 5000) throw new Error(`the server came up ${-dueIn} ms too late for the moment`);
    const probe = startStallProbe(server.url, METRICS_TOKEN);
    const idleFrom = performance.now() + 1000; // the probe's first second warms its connections
    await sleep(dueIn);
    const due = performance.now();
    const cpu = await threadCpuMeter(server.pid);
    const got = await waitForMails(sink, MEMBERS, GIVE_UP_MS);
    const last = sink.arrivals.at(-1) ?? performance.now();
    const threads = await cpu(got);
    await sleep(500);
    const { probes, ownMax, failed } = await probe.stop();
    const idle = window(probes, idleFrom, due);
    const run = window(probes, due, last);
    // The first scrape holds the loop's max since the start (the start's own work): left out.
    const ownIdle = window(ownMax, idleFrom + 1000, due);
    const ownRun = window(ownMax, due, last + 1000);
    const first = sink.arrivals[0] ?? last;
    const seconds = (last - due) / 1000;
    say(
      `${got}/${MEMBERS} members mailed (${sink.arrivals.length} mails), the last ${seconds.toFixed(1)} s after the due time (first after ${((first - due) / 1000).toFixed(1)} s); target < 30 s: ${got === MEMBERS && seconds < 30 ? 'met' : 'NOT met'}`,
    );
    say(`mails per 5 s from the due time: ${rateText(sink.arrivals, due)}`);
    say(`server CPU per digest (ms, by thread): ${threads}`);
    say(`probe (GET /api/health every 10 ms), idle before: ${windowText(idle)}`);
    say(`probe during the run: ${windowText(run)}; failed probes ${failed}`);
    say(
      `server's own event-loop max per second (/metrics): idle max ${ownIdle.max.toFixed(1)} ms, run max ${ownRun.max.toFixed(1)} ms (${ownRun.count} scrapes, ${ownRun.over} over 50 ms); target ≤ 50 ms: ${Math.max(run.max, ownRun.max) <= 50 ? 'met' : 'NOT met'}`,
    );
    await server.stop();
    server = undefined;
    const bare = await bareMails(sink, MEMBERS);
    say(
      `baseline: the product's SMTP mailer alone, ${bare.got} mails, 32 at a time: ${bare.seconds.toFixed(1)} s`,
    );
  } finally {
    await server?.stop();
    await sink.close();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export async function benchDigestRun() {
  console.log(
    `\n[digest-run] ${MEMBERS} digests due at once, product bundle, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  ensureProductBundle();
  const only = process.env.BENCH_DIGEST_ONLY;
  if (only !== 'PostgreSQL') await runEngine('PGlite', undefined);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'PGlite') return;
  if (databaseUrl) {
    await withScratchDatabase(databaseUrl, (url) => runEngine('PostgreSQL', url));
  } else console.log('[digest-run] PostgreSQL not run (TEST_DATABASE_URL unset)');
}
