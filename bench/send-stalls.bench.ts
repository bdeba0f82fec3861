/**
 * Stalls of the send statement on the embedded database (decision 0029): the product's own batch
 * statement (two 8-word Korean messages a statement into a 50-member room) run one after another
 * in process, each timed, with chat's search indexes merging their GIN pending lists at 256 kB
 * (migration 0025) and at PostgreSQL's default 4 MB (as before it), beside a bare two-row INSERT
 * into a table without indexes in the same database. Prints the percentiles, the statements over
 * 15 ms and the longest (the first statement, which plans and warms, left out).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { insertTextMessagesIfAllowed } from '../apps/server/src/modules/chat/chat-sends.repo';
import { newTextMessageEventTemplate } from '../apps/server/src/modules/chat/chat.presenter';
import { createBareTable, insertBareRows, setChatPendingListLimit } from './send-stalls.repo';
import { JWT_SECRET, percentile, seed } from './support';

const quick = process.env.BENCH_QUICK === '1';
const STATEMENTS = quick ? 3000 : 15_000;
const STALL_MS = 15;
const words = ['오늘', '회의', '자료', '발표', '준비', '했어요', '내일', '까지', '제출', '부탁'];
const text = (k: number) =>
  `${Array.from({ length: 8 }, (_, i) => words[(k * 7 + i * 3) % words.length]).join(' ')} ${k}`;

function summary(name: string, times: number[]) {
  const rest = times.slice(1);
  const stalls = rest.filter((t) => t > STALL_MS);
  const total = rest.reduce((sum, t) => sum + t, 0) / 1000;
  const ms = (value: number) => value.toFixed(2);
  console.log(
    `[send-stalls] ${name.padEnd(34)} p50 ${ms(percentile(rest, 50))} ms  p99 ${ms(percentile(rest, 99))} ms  p99.9 ${ms(percentile(rest, 99.9))} ms  longest ${ms(Math.max(...rest))} ms  over ${STALL_MS} ms: ${stalls.length}  all ${total.toFixed(1)} s`,
  );
}

/** A seeded embedded database with the product's schema, and what to time against it. */
async function timedRun(pendingListKb: number | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'send-stalls-'));
  try {
    const env = { DATA_DIR: dataDir };
    const seeded = await seed(env, 50, { fifty: 50 });
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JWT_SECRET });
    const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
    const db = app.context.database.db;
    const roomId = seeded.rooms['fifty'] ?? 0;
    try {
      if (pendingListKb !== undefined) await setChatPendingListLimit(db, pendingListKb);
      const sends = (k: number) =>
        [0, 1].map((i) => ({
          roomId,
          workspaceId: seeded.workspaceId,
          userId: ((k + i) % 49) + 1,
          content: text(k * 2 + i),
          createdAt: new Date(),
          event: {
            topic: `chat.room.${roomId}`,
            payload: newTextMessageEventTemplate({
              roomId,
              senderId: 1,
              content: text(k),
              createdAt: new Date(),
            }),
          },
        }));
      const product: number[] = [];
      for (let k = 0; k < STATEMENTS; k += 1) {
        const started = performance.now();
        await insertTextMessagesIfAllowed(db, sends(k), '?');
        product.push(performance.now() - started);
      }
      let bare: number[] | undefined;
      if (pendingListKb === undefined) {
        await createBareTable(db);
        bare = [];
        for (let k = 0; k < STATEMENTS; k += 1) {
          const started = performance.now();
          await insertBareRows(db, text(2 * k), text(2 * k + 1));
          bare.push(performance.now() - started);
        }
      }
      return { product, bare };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchSendStalls() {
  console.log(
    `\n[send-stalls] ${STATEMENTS} send statements of two messages each, PGlite in process`,
  );
  const asMigrated = await timedRun(undefined);
  summary('send, pending lists 256 kB (0025)', asMigrated.product);
  if (asMigrated.bare) summary('bare two-row INSERT, no index', asMigrated.bare);
  const before = await timedRun(4096);
  summary('send, pending lists 4 MB (before)', before.product);
}
