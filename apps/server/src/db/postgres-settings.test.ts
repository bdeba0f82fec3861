import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { databaseOptionsFor, openDatabase } from './client';

const adminUrl = process.env.TEST_DATABASE_URL;

describe('the PostgreSQL pool settings', () => {
  it('are 10 connections and 10 s a statement by default, and refuse what is out of range', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/teamup-pool-test' };
    expect(loadConfig(base)).toMatchObject({
      databasePoolSize: 10,
      databaseStatementTimeoutMs: 10_000,
    });
    for (const bad of [
      { DATABASE_POOL_SIZE: '0' },
      { DATABASE_POOL_SIZE: 'many' },
      { DATABASE_STATEMENT_TIMEOUT_MS: '5' },
    ]) {
      expect(() => loadConfig({ ...base, ...bad }), JSON.stringify(bad)).toThrow(
        new RegExp(Object.keys(bad)[0] as string),
      );
    }
  });

  it.skipIf(!adminUrl)(
    'reach the pool: a statement past DATABASE_STATEMENT_TIMEOUT_MS is cancelled',
    async () => {
      const name = `teamup_pool_settings_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      try {
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: '/tmp/teamup-pool-test',
          DATABASE_URL: url.toString(),
          DATABASE_POOL_SIZE: '3',
          DATABASE_STATEMENT_TIMEOUT_MS: '300',
        });
        const database = await openDatabase(databaseOptionsFor(config));
        try {
          const shown: unknown = await database.db.execute(sql`SHOW statement_timeout`);
          expect(shown).toMatchObject({ rows: [{ statement_timeout: '300ms' }] });
          await expect(database.db.execute(sql`SELECT pg_sleep(2)`)).rejects.toMatchObject({
            cause: expect.objectContaining({ code: '57014' }) as unknown,
          });
        } finally {
          await database.close();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    60_000,
  );
});
