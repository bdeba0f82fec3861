import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { UndocumentedAnswer } from '../src/platform/http/define-route';
import { openDatabase, pgliteSnapshot, pgliteVersion, type Database } from '../src/db/client';
import { migrationsFolder } from '../src/platform/server-root';
import { assertTestClockClearOfTheRunner } from './test-clock';

/** Which database the suite runs on: PGlite by default, PostgreSQL when scripts/test.mjs says so. */
export const testDbKind: 'pglite' | 'postgres' =
  process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/** What the snapshot is made of: the PGlite version and every migration file. */
async function snapshotKey(): Promise<string> {
  const hash = createHash('sha256').update(pgliteVersion());
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else hash.update(entry.name).update(await fs.readFile(file));
    }
  };
  await walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

let snapshotInProcess: Promise<Uint8Array> | undefined;

/**
 * A migrated empty PGlite as a tarball, shared by every test file of a run through a file in the
 * temporary folder named after the migrations: initdb in WASM costs seconds of CPU per database
 * (most of a server test file's setup), loading this about one. Written beside and renamed into
 * place, so parallel test processes read a whole file or make their own.
 */
export function testSnapshot(): Promise<Uint8Array> {
  snapshotInProcess ??= (async () => {
    const file = path.join(os.tmpdir(), `teamup-test-pglite-${await snapshotKey()}.tar`);
    try {
      return new Uint8Array(await fs.readFile(file));
    } catch {
      const snapshot = await pgliteSnapshot();
      const staging = `${file}.${process.pid}`;
      await fs.writeFile(staging, snapshot);
      await fs.rename(staging, file);
      // Snapshots of older migrations are of no more use.
      for (const name of await fs.readdir(os.tmpdir())) {
        const old = path.join(os.tmpdir(), name);
        if (name.startsWith('teamup-test-pglite-') && name.endsWith('.tar') && old !== file) {
          await fs.rm(old, { force: true });
        }
      }
      return snapshot;
    }
  })();
  return snapshotInProcess;
}

/** Runs `statement` once no other session uses the database it names (PostgreSQL's 55006). */
async function whenUnused(client: pg.Client, statement: string, force?: string): Promise<void> {
  // pool.end() resolves before its sockets are closed: the database may still be in use a moment.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await client.query(statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // object in use
      if (attempt >= 50 && force) {
        await client.query(force);
        return;
      }
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const urlOf = (adminUrl: string, database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Arbitrary constant: one test process at a time builds the PostgreSQL template. */
const TEMPLATE_LOCK_KEY = 727_002;

/**
 * A migrated empty PostgreSQL database named after the migrations, from which each test database
 * is copied (CREATE DATABASE … TEMPLATE: a file copy, where migrating a new database took over a
 * second). Built once per set of migrations under an advisory lock; older ones are dropped.
 */
async function ensurePostgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `teamup_tpl_${await snapshotKey()}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return template;
    const building = `${template}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ kind: 'postgres', url: urlOf(adminUrl, building) });
    await database.close();
    await whenUnused(admin, `ALTER DATABASE ${building} RENAME TO ${template}`);
    const old = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'teamup\\_tpl\\_%' AND datname <> $1",
      [template],
    );
    for (const { datname } of old.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}

/**
 * A fresh, migrated database for one test app: an in-memory PGlite (from the run's snapshot), or
 * a new PostgreSQL database (a copy of the run's template) created from TEST_DATABASE_URL and
 * dropped when the app closes.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    return openDatabase({ kind: 'pglite', dataDir: undefined, snapshot: await testSnapshot() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `teamup_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = await ensurePostgresTemplate(admin, adminUrl);
    // Another process may just have built the template and not yet let go of it.
    await whenUnused(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A commit need not wait for its WAL to reach the disk: no test crashes this server (those
    // that stop PostgreSQL run their own cluster), and the shared disk is busy during a run.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: urlOf(adminUrl, name),
    poolSize: 5,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // Wait for the closing pool's connections to go: a FORCE drop right away would kill one,
      // whose error then surfaces as unhandled.
      await whenUnused(
        cleanup,
        `DROP DATABASE IF EXISTS ${name}`,
        `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
      );
      await cleanup.end();
    },
  };
}

export type TestApp = App & { dataDir: string };

/** Builds the real app on a fresh database and a temporary DATA_DIR. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  assertTestClockClearOfTheRunner(options.now);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_ORIGIN: 'http://localhost:8081',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const database = options.database ?? (await openTestDatabase());
  const undocumented = new Map<string, UndocumentedAnswer>();
  const app = await buildApp(config, {
    logger: pino({ level: config.logLevel }),
    onUndocumentedAnswer: (answer) => {
      undocumented.set(`${answer.method} ${answer.route} ${answer.status}`, answer);
    },
    ...options,
    database,
  });
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  failOnUndocumentedAnswers(app, undocumented);
  await app.ready();
  settleReactionsAfterEachCall(app);
  return Object.assign(app, { dataDir });
}

/**
 * Closing the app fails (after it closed) when a route answered a status the API document omits
 * for it: every test that sends a refusal checks the document too. Fix it in the endpoint's
 * `errors` (packages/contracts), not here.
 */
function failOnUndocumentedAnswers(app: App, undocumented: Map<string, UndocumentedAnswer>) {
  const close = app.close.bind(app);
  app.close = (async () => {
    await close();
    if (undocumented.size === 0) return;
    const list = [...undocumented.values()].map(
      (answer) =>
        `${answer.method} ${answer.route} answered ${answer.status}${answer.code ? ` ${answer.code}` : ''}`,
    );
    throw new Error(
      `answers the API document omits (add them to the endpoint's errors):\n${list.join('\n')}`,
    );
  }) as unknown as App['close'];
}

/**
 * Reactions to domain events (notifications) run after a request is answered
 * (platform/domain-events). A test reading the outcome of a call right after it expects them
 * done, as a person would find them a moment later: every injected call waits for the queue,
 * before it is sent and after it is answered.
 */
function settleReactionsAfterEachCall(app: App) {
  const inject = app.inject.bind(app);
  const settled = (async (...args: unknown[]) => {
    // Before too: a fact stated outside a call (a sweep run by the test) is seen by the next one.
    await app.context.domainEvents.settled();
    const response: unknown = await (inject as (...a: unknown[]) => unknown)(...args);
    await app.context.domainEvents.settled();
    return response;
  }) as unknown;
  app.inject = ((...args: unknown[]) =>
    // The chained form (no arguments) and the callback form are left as they are.
    args.length === 1
      ? (settled as (...a: unknown[]) => unknown)(...args)
      : (inject as (...a: unknown[]) => unknown)(...args)) as typeof app.inject;
}

/** Listens on a free local port (for SSE clients); answers the base URL. */
export async function listenLocally(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}
