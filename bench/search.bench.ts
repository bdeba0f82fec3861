/**
 * `npm run bench -- search`: workspace search (decision 0020) at the size issue 20 names, through
 * the real HTTP endpoint with permission filtering on, on the embedded database (PGlite) and on
 * PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL: a scratch database made and dropped here).
 *
 * Per engine: one workspace of 200,000 chat messages in 10 rooms, 8,000 posts and 12,000 post
 * comments and 10,000 kanban tasks over 5 teams, Korean work-chat text made of a word list. The
 * people and places are made through the services; the content is written in bulk
 * (INSERT … SELECT generate_series) with the search indexes dropped, then the indexes are built
 * once and the tables analysed. The searcher is an ordinary member in 4 of the 10 rooms and 2 of
 * the 5 teams.
 *
 * Figures: search latency (sequential requests, p50 / p95) for one word of 3+ syllables, two
 * words, a two-syllable word and a single character; and the write cost of the search indexes on
 * a chat send: the same database copied before its search indexes were built (PGlite: the data
 * directory; PostgreSQL: CREATE DATABASE … TEMPLATE), both servers up at once, autocannon rounds
 * alternating between them.
 *
 * BENCH_QUICK=1: 20,000 messages and a tenth of the rest, short rounds (while working on it).
 * BENCH_SEARCH_ONLY=PGlite or PostgreSQL: one engine.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import { startSession } from '../apps/server/src/modules/auth/auth.service';
import { createGroup } from '../apps/server/src/modules/chat/chat.service';
import { createTeam } from '../apps/server/src/modules/teams/teams.service';
import { createLocalUser } from '../apps/server/src/modules/users/users.service';
import { joinByInvite } from '../apps/server/src/modules/workspaces/invites.service';
import { createWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import * as repo from './search.repo';
import { JWT_SECRET, median, percentile } from './support';

const quick = process.env.BENCH_QUICK === '1';
const SIZE = quick
  ? { messages: 20_000, posts: 800, comments: 1_200, tasks: 1_000 }
  : { messages: 200_000, posts: 8_000, comments: 12_000, tasks: 10_000 };
/** The searcher (user 3) is in the rooms of more than 3 members: the first 4. */
const ROOM_SIZES = [6, 6, 5, 4, 3, 3, 3, 2, 2, 2];
const TEAMS = 5;
/** The teams the searcher is a member of (indexes into the teams made). */
const SEARCHER_TEAMS = [0, 1];
const SEARCHER = 3;
const USERS = 7;
/** Requests per query text, after one unmeasured. */
const REPEATS = quick ? 5 : 20;
const SEND_ROUNDS = quick ? 1 : 3;
const SEND_SECONDS = quick ? 2 : 8;
const SEND_CONNECTIONS = 10;

/** The queries, by kind; each text is asked REPEATS times, the kinds interleaved. */
const QUERIES: Record<string, string[]> = {
  'one word, 3+ syllables': ['회의록', '데이터베이스', '스프린트'],
  'two words': ['API 설계', '코드 리뷰', '배포 일정'],
  'two syllables': ['회의', '설계', '휴가'],
  'one character (no index)': ['록', '팀'],
};

type EngineName = 'PGlite' | 'PostgreSQL';

// --- seeding -------------------------------------------------------------------------------------

/** Runs `work` on the database of a server configured by `env` (migrated first), then closes it. */
async function withDatabase<T>(env: Record<string, string>, work: (db: Db) => Promise<T>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JWT_SECRET });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  try {
    return await work(app.context.database.db);
  } finally {
    await app.close();
  }
}

type Seeded = {
  workspaceId: number;
  /** The searcher's token, and the owner's (who sends the chat messages). */
  searcher: string;
  owner: string;
  /** A room of 5 the owner sends to in the write-cost rounds. */
  sendRoom: number;
  /** What the searcher may read, for the report. */
  visibleMessages: number;
};

async function seedWorkspace(env: Record<string, string>): Promise<Seeded> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JWT_SECRET });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  try {
    const ctx = app.context;
    const db = ctx.database.db;
    const passwordHash = await ctx.passwords.hash('Bench1234');
    const ids: number[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const user = await createLocalUser(
        ctx,
        {
          email: `search${Date.now()}-${i}@bench.local`,
          name: `사용자${i}`,
          passwordHash,
        },
        null,
      );
      if (!user) throw new Error('user');
      ids.push(user.id);
      tokens.push((await startSession(ctx, user.id, {}, { ip: '127.0.0.1' }, 'PASSWORD')).token);
    }
    const [ownerId = 0, ...others] = ids;
    const workspace = await createWorkspace(ctx, ownerId, { name: 'search', iconUrl: null });
    for (const id of others) await joinByInvite(ctx, id, { inviteCode: workspace.inviteCode });
    const rooms: number[] = [];
    for (const [index, size] of ROOM_SIZES.entries()) {
      const room = await createGroup(ctx, ownerId, workspace.id, {
        name: `방 ${index + 1}`,
        chatMemberIdList: others.slice(0, size - 1),
      });
      rooms.push(room.id);
    }
    const teams: number[] = [];
    for (let t = 0; t < TEAMS; t += 1) {
      const team = await createTeam(ctx, ownerId, {
        name: `팀 ${t + 1}`,
        workspaceId: workspace.id,
        description: null,
      });
      teams.push(team.id);
    }
    const searcherId = ids[SEARCHER] ?? 0;
    for (const index of SEARCHER_TEAMS) await repo.addTeamMember(db, teams[index] ?? 0, searcherId);
    const { boardIds, kanbanIds } = await repo.boardsAndKanbansOf(db, teams);
    if (boardIds.length !== TEAMS || kanbanIds.length !== TEAMS) {
      throw new Error('every team should have its board and kanban');
    }
    const listIds: number[] = [];
    for (const kanbanId of kanbanIds) listIds.push(await repo.addKanbanList(db, kanbanId));

    // Bulk content, the search indexes dropped meanwhile (built once afterwards: far cheaper).
    const { names } = await repo.searchIndexes();
    await repo.dropIndexes(db, names);
    const t0 = performance.now();
    await repo.writeBulkContent(db, {
      rooms,
      boardIds,
      listIds,
      ownerId,
      messages: SIZE.messages,
      posts: SIZE.posts,
      comments: SIZE.comments,
      tasks: SIZE.tasks,
    });
    console.log(`  bulk content written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const visible = await repo.messagesReadableBy(db, searcherId);
    return {
      workspaceId: workspace.id,
      searcher: tokens[SEARCHER] ?? '',
      owner: tokens[0] ?? '',
      sendRoom: rooms[2] ?? 0,
      visibleMessages: visible,
    };
  } finally {
    await app.close();
  }
}

/** Builds the search indexes (or not) and analyses, as autovacuum would after such a load. */
async function finish(env: Record<string, string>, withIndexes: boolean) {
  const { statements } = await repo.searchIndexes();
  await withDatabase(env, async (db) => {
    const t0 = performance.now();
    if (withIndexes) await repo.runStatements(db, statements);
    const built = performance.now() - t0;
    await repo.analyzeAll(db);
    if (withIndexes) console.log(`  search indexes built in ${(built / 1000).toFixed(1)} s`);
  });
}

// --- measuring -----------------------------------------------------------------------------------

type Latency = { p50: number; p95: number; max: number; count: number; total: number };

async function searchOnce(server: ServerProcess, seeded: Seeded, q: string) {
  const url = `${server.url}/api/workspaces/${seeded.workspaceId}/search?q=${encodeURIComponent(q)}`;
  const t0 = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${seeded.searcher}` } });
  const text = await response.text();
  const elapsed = performance.now() - t0;
  if (!response.ok) throw new Error(`search ${q}: ${response.status} ${text}`);
  const { data } = JSON.parse(text) as { data: { total: number } };
  return { elapsed, total: data.total };
}

async function measureSearch(server: ServerProcess, seeded: Seeded) {
  const times: Record<string, number[]> = {};
  const totals: Record<string, number[]> = {};
  // One unmeasured request per text (plans and caches), then the kinds interleaved.
  for (const texts of Object.values(QUERIES)) {
    for (const q of texts) await searchOnce(server, seeded, q);
  }
  for (let round = 0; round < REPEATS; round += 1) {
    for (const [kind, texts] of Object.entries(QUERIES)) {
      for (const q of texts) {
        const { elapsed, total } = await searchOnce(server, seeded, q);
        (times[kind] ??= []).push(elapsed);
        if (round === 0) (totals[kind] ??= []).push(total);
      }
    }
  }
  const result: Record<string, Latency> = {};
  for (const [kind, values] of Object.entries(times)) {
    result[kind] = {
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      max: Math.max(...values),
      count: values.length,
      total: Math.round(median(totals[kind] ?? [])),
    };
  }
  return result;
}

type SendFigure = { rps: number; p50: number; p99: number; bad: number };

async function sendRound(server: ServerProcess, seeded: Seeded): Promise<SendFigure> {
  const result = await autocannon({
    url: `${server.url}/api/workspaces/${seeded.workspaceId}/chat-rooms/${seeded.sendRoom}/messages`,
    method: 'POST',
    headers: { authorization: `Bearer ${seeded.owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      content: '내일 주간회의 회의록 정리해서 공유드립니다 API 설계 검토 부탁드려요',
    }),
    connections: SEND_CONNECTIONS,
    duration: SEND_SECONDS,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

type EngineReport = {
  engine: EngineName;
  search: Record<string, Latency>;
  withIndexes: SendFigure;
  without: SendFigure;
  rounds: { with: number[]; without: number[] };
  visibleMessages: number;
  load: [number, number];
  minutes: number;
};

async function runEngine(
  engine: EngineName,
  databases: { a: string; b: string } | undefined,
  copy: (() => Promise<void>) | undefined,
): Promise<EngineReport> {
  const began = performance.now();
  const loadStart = os.loadavg()[0] ?? 0;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-search-'));
  const dirA = path.join(tmp, 'a');
  const dirB = path.join(tmp, 'b');
  const envA: Record<string, string> = databases
    ? { DATA_DIR: dirA, DATABASE_URL: databases.a }
    : { DATA_DIR: dirA };
  const envB: Record<string, string> = databases
    ? { DATA_DIR: dirB, DATABASE_URL: databases.b }
    : { DATA_DIR: dirB };
  const say = (line: string) => console.log(`[search ${engine}] ${line}`);
  const servers: ServerProcess[] = [];
  try {
    await fs.mkdir(dirA);
    say(
      `seeding ${SIZE.messages} messages, ${SIZE.posts} posts, ${SIZE.comments} comments, ${SIZE.tasks} tasks`,
    );
    const seeded = await seedWorkspace(envA);
    // The copy without search indexes: the same rows, made before the indexes are built.
    if (copy) await copy();
    else await fs.cp(dirA, dirB, { recursive: true });
    await finish(envA, true);
    await finish(envB, false);
    say(`the searcher reads ${seeded.visibleMessages} of ${SIZE.messages} messages`);
    const start = (env: Record<string, string>) =>
      startServer({
        dataDir: env.DATA_DIR ?? '',
        logLevel: 'warn',
        readyTimeoutMs: 300_000,
        env: {
          ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
          NODE_ENV: 'production',
          JWT_SECRET,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: '100000000',
        },
      });
    const serverA = await start(envA);
    servers.push(serverA);
    const serverB = await start(envB);
    servers.push(serverB);

    say(`search: ${REPEATS} requests per text, one at a time`);
    const search = await measureSearch(serverA, seeded);
    for (const [kind, figure] of Object.entries(search)) {
      say(
        `  ${kind.padEnd(26)} p50 ${ms(figure.p50)}  p95 ${ms(figure.p95)}  max ${ms(figure.max)}  (${figure.count} requests, median total ${figure.total})`,
      );
    }

    say(`chat send: ${SEND_CONNECTIONS} connections, ${SEND_SECONDS} s rounds, alternating`);
    await sendRound(serverA, seeded); // warm-up, both
    await sendRound(serverB, seeded);
    const roundsWith: SendFigure[] = [];
    const roundsWithout: SendFigure[] = [];
    for (let round = 0; round < SEND_ROUNDS; round += 1) {
      // Alternate which goes first, so a drift in load falls on both.
      const order = round % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
      for (const which of order) {
        const figure = await sendRound(which === 'with' ? serverA : serverB, seeded);
        (which === 'with' ? roundsWith : roundsWithout).push(figure);
        say(
          `  round ${round + 1} ${which.padEnd(7)} indexes ${figure.rps.toFixed(0)} req/s  p50 ${ms(figure.p50)}  p99 ${ms(figure.p99)}${figure.bad ? `  ${figure.bad} failed` : ''}`,
        );
      }
    }
    const med = (rounds: SendFigure[]): SendFigure => ({
      rps: median(rounds.map((r) => r.rps)),
      p50: median(rounds.map((r) => r.p50)),
      p99: median(rounds.map((r) => r.p99)),
      bad: rounds.reduce((sum, r) => sum + r.bad, 0),
    });
    return {
      engine,
      search,
      withIndexes: med(roundsWith),
      without: med(roundsWithout),
      rounds: { with: roundsWith.map((r) => r.rps), without: roundsWithout.map((r) => r.rps) },
      visibleMessages: seeded.visibleMessages,
      load: [loadStart, os.loadavg()[0] ?? 0],
      minutes: (performance.now() - began) / 60_000,
    };
  } finally {
    for (const server of servers) await server.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/** Two scratch databases on the server of `url`: a, and b made from a by `copy`. */
async function withScratchPair<T>(
  url: string,
  run: (urls: { a: string; b: string }, copy: () => Promise<void>) => Promise<T>,
) {
  const stem = `teamup_bench_search_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const at = (name: string) => {
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    return scratch.toString();
  };
  try {
    await admin.query(`CREATE DATABASE ${stem}_a`);
    try {
      return await run({ a: at(`${stem}_a`), b: at(`${stem}_b`) }, async () => {
        await admin.query(`CREATE DATABASE ${stem}_b TEMPLATE ${stem}_a`);
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${stem}_a WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${stem}_b WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

function printReport(reports: EngineReport[]) {
  console.log(
    '\n| engine | query | p50 | p95 | max | requests | median total | target p95 ≤ 150 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const report of reports) {
    for (const [kind, figure] of Object.entries(report.search)) {
      console.log(
        `| ${report.engine} | ${kind} (${QUERIES[kind]?.join(', ')}) | ${ms(figure.p50)} | ${ms(figure.p95)} | ${ms(figure.max)} | ${figure.count} | ${figure.total} | ${figure.p95 <= 150 ? 'met' : '**NOT met**'} |`,
      );
    }
  }
  console.log(
    '\n| engine | chat send with search indexes | without | extra cost (1 − with/without req/s) | p50 with / without | p99 with / without | target ≤ 10 % |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const report of reports) {
    const extra = 1 - report.withIndexes.rps / report.without.rps;
    console.log(
      `| ${report.engine} | ${report.withIndexes.rps.toFixed(0)} req/s (rounds ${report.rounds.with.map((v) => v.toFixed(0)).join(', ')}) | ${report.without.rps.toFixed(0)} req/s (rounds ${report.rounds.without.map((v) => v.toFixed(0)).join(', ')}) | ${(extra * 100).toFixed(1)} % | ${ms(report.withIndexes.p50)} / ${ms(report.without.p50)} | ${ms(report.withIndexes.p99)} / ${ms(report.without.p99)} | ${extra <= 0.1 ? 'met' : '**NOT met**'} |`,
    );
  }
  for (const report of reports) {
    console.log(
      `${report.engine}: ${report.minutes.toFixed(1)} min, load average (1 min) ${report.load[0].toFixed(2)} → ${report.load[1].toFixed(2)}; the searcher reads ${report.visibleMessages} messages${report.withIndexes.bad + report.without.bad > 0 ? `; ${report.withIndexes.bad + report.without.bad} sends failed` : ''}`,
    );
  }
}

export async function benchSearch() {
  const reports: EngineReport[] = [];
  const only = process.env.BENCH_SEARCH_ONLY;
  if (only !== 'PostgreSQL') reports.push(await runEngine('PGlite', undefined, undefined));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'PGlite') console.log('search: PostgreSQL skipped (BENCH_SEARCH_ONLY=PGlite)');
  else if (!databaseUrl) console.log('search: PostgreSQL not run (TEST_DATABASE_URL unset)');
  else {
    reports.push(
      await withScratchPair(databaseUrl, (urls, copy) => runEngine('PostgreSQL', urls, copy)),
    );
  }
  printReport(reports);
}
