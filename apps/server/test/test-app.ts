import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';

/** Which database the suite runs on: PGlite by default, PostgreSQL when scripts/test.mjs says so. */
export const testDbKind: 'pglite' | 'postgres' =
  process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test app: an in-memory PGlite, or a new PostgreSQL database
 * created from TEST_DATABASE_URL and dropped when the app closes.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') return openDatabase({ kind: 'pglite', dataDir: undefined });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `teamup_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() resolves before its sockets are closed; a FORCE drop right away would kill a
      // closing connection, whose error then surfaces as unhandled. Wait for them to go first.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (error) {
          if (attempt >= 50) {
            await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          }
          if ((error as { code?: string }).code !== '55006') throw error; // object in use
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
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
  const app = await buildApp(config, {
    logger: pino({ level: config.logLevel }),
    ...options,
    database,
  });
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  settleReactionsAfterEachCall(app);
  return Object.assign(app, { dataDir });
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
