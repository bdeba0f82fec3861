/**
 * `npm run bench -- calendar-month` (issue 44): a month of a team's calendar with 200 recurring
 * series and 1,000 single events — GET /teams/{t}/schedules/range for a month grid (42 days),
 * p50 / p95 of 100 in a row over the real server (target p95 ≤ 150 ms), on the embedded
 * database (PGlite) and on PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL: a scratch
 * database made and dropped here). Beside it in the same run, the bare baseline: the same SQL
 * (the route's three queries) and the same rrule expansion called straight from a script, no
 * HTTP, no access check, no JSON.
 *
 * BENCH_CALENDAR_ONLY=PGlite or PostgreSQL: one engine.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startSession } from '../apps/server/src/modules/auth/auth.service';
import { occurrenceStarts } from '../apps/server/src/modules/schedules/recurrence';
import { listOverlapping } from '../apps/server/src/modules/schedules/schedules.repo';
import {
  exdatesOf,
  listSeriesReaching,
} from '../apps/server/src/modules/schedules/schedules.series.repo';
import { createTeam } from '../apps/server/src/modules/teams/teams.service';
import { createLocalUser } from '../apps/server/src/modules/users/users.service';
import { createWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import { fillCalendar } from './calendar-month.repo';
import { withScratchDatabase } from './processes';
import { JWT_SECRET, percentile } from './support';

const SINGLES = 1000;
const SERIES = 200;
const REQUESTS = 100;
const WARMUP = 10;
/** December 2026 as a Seoul month grid asks it: 29 Nov to 9 Jan. */
const FROM = new Date('2026-11-29T00:00:00+09:00');
const TO = new Date('2027-01-09T23:59:59.999+09:00');

type EngineName = 'PGlite' | 'PostgreSQL';
type Figures = { p50: number; p95: number; max: number };
type EngineReport = {
  engine: EngineName;
  answered: number;
  server: Figures;
  bare: Figures;
  load: [number, number];
};

const agent = new http.Agent({ keepAlive: true });

function get(url: string, token: string): Promise<{ ms: number; body: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if ((response.statusCode ?? 0) >= 300) {
            reject(new Error(`${url}: ${response.statusCode} ${body.slice(0, 300)}`));
          } else resolve({ ms: performance.now() - t0, body });
        });
      },
    );
    request.on('error', reject);
  });
}

const figures = (values: number[]): Figures => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
});
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

async function runEngine(engine: EngineName, databaseUrl: string | undefined) {
  const loadStart = os.loadavg()[0] ?? 0;
  const say = (line: string) => console.log(`[calendar-month ${engine}] ${line}`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-calendar-'));
  const env: Record<string, string> = databaseUrl
    ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }
    : { DATA_DIR: dataDir };
  let server: ServerProcess | undefined;
  try {
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JWT_SECRET });
    const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
    let token = '';
    let teamId = 0;
    const bareTimes: number[] = [];
    try {
      const ctx = app.context;
      const user = await createLocalUser(
        ctx,
        {
          email: `calendar${Date.now()}@bench.local`,
          name: '김민지',
          passwordHash: await ctx.passwords.hash('Bench1234'),
        },
        null,
      );
      if (!user) throw new Error('user');
      const workspace = await createWorkspace(ctx, user.id, { name: '벤치', iconUrl: null });
      const team = await createTeam(ctx, user.id, {
        name: '캘린더팀',
        workspaceId: workspace.id,
        description: '',
      });
      teamId = team.id;
      await fillCalendar(
        ctx.database.db,
        { teamId, creatorId: user.id },
        Date.parse('2026-12-01T00:00:00+09:00'),
        { singles: SINGLES, series: SERIES },
      );
      token = (await startSession(ctx, user.id, {}, { ip: '127.0.0.1' }, 'PASSWORD')).token;

      // The bare baseline: the route's queries and expansion, straight.
      const db = ctx.database.db;
      const once = async () => {
        const t0 = performance.now();
        const [singles, series] = await Promise.all([
          listOverlapping(db, teamId, FROM, TO),
          listSeriesReaching(db, teamId, FROM, TO),
        ]);
        const excluded = await exdatesOf(
          db,
          series.map((view) => view.schedule.id),
          TO,
        );
        let count = singles.length;
        for (const view of series) {
          const rule = view.schedule.recurrenceRule ?? '';
          const skip = excluded.get(view.schedule.id);
          count += occurrenceStarts({ ...view.schedule, rule }, FROM, TO).filter(
            (start) => !skip?.has(start.getTime()),
          ).length;
        }
        return { ms: performance.now() - t0, count };
      };
      for (let i = 0; i < WARMUP; i += 1) await once();
      let count = 0;
      for (let i = 0; i < REQUESTS; i += 1) {
        const run = await once();
        bareTimes.push(run.ms);
        count = run.count;
      }
      say(`bare: ${count} schedules in the month`);
    } finally {
      await app.close();
    }

    server = await startServer({
      dataDir,
      logLevel: 'warn',
      readyTimeoutMs: 300_000,
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        NODE_ENV: 'production',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    const url = `${server.url}/api/teams/${teamId}/schedules/range?startDate=${encodeURIComponent(FROM.toISOString())}&endDate=${encodeURIComponent(TO.toISOString())}`;
    let answered = 0;
    for (let i = 0; i < WARMUP; i += 1) {
      answered = (JSON.parse((await get(url, token)).body) as { data: unknown[] }).data.length;
    }
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) times.push((await get(url, token)).ms);
    const report: EngineReport = {
      engine,
      answered,
      server: figures(times),
      bare: figures(bareTimes),
      load: [loadStart, os.loadavg()[0] ?? 0],
    };
    say(
      `GET range: ${answered} schedules, p50 ${ms(report.server.p50)} p95 ${ms(report.server.p95)}; bare p50 ${ms(report.bare.p50)} p95 ${ms(report.bare.p95)}`,
    );
    return report;
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchCalendarMonth() {
  const reports: EngineReport[] = [];
  const only = process.env.BENCH_CALENDAR_ONLY;
  if (only !== 'PostgreSQL') reports.push(await runEngine('PGlite', undefined));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'PGlite') console.log('calendar-month: PostgreSQL skipped');
  else if (!databaseUrl)
    console.log('calendar-month: PostgreSQL not run (TEST_DATABASE_URL unset)');
  else reports.push(await withScratchDatabase(databaseUrl, (url) => runEngine('PostgreSQL', url)));

  console.log(
    `\n| engine | schedules in the month | GET range p50 / p95 (target p95 ≤ 150 ms) | bare SQL + rrule p50 / p95 | load (1 min) |`,
  );
  console.log('|---|---|---|---|---|');
  for (const r of reports) {
    console.log(
      `| ${r.engine} | ${r.answered} | ${ms(r.server.p50)} / ${ms(r.server.p95)} ${r.server.p95 <= 150 ? 'met' : '**NOT met**'} | ${ms(r.bare.p50)} / ${ms(r.bare.p95)} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} |`,
    );
  }
}
