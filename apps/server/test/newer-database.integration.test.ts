import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { NewerDatabaseError, openDatabase, type DatabaseOptions } from '../src/db/client';
import { PgliteInWorker } from '../src/db/pglite-remote';
import { testDbKind, testSnapshot } from './test-app';

/**
 * An older build started on a database a newer build migrated refuses it (decision 0031): drizzle
 * alone applies nothing and says nothing, and the old code would run against a schema it does not
 * know. On the embedded database or PostgreSQL, as the run's engine says.
 */
describe('a database migrated by a newer build', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /**
   * A migrated database with one more migration row than this build has, as a newer build's
   * migrate leaves it: the options that open it, and how many rows the build's own are.
   */
  async function newerDatabase(): Promise<{ options: DatabaseOptions; known: number }> {
    const applied = `SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`;
    const newer = `INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
      SELECT 'made-by-a-newer-build', max(created_at) + 1000 FROM drizzle.__drizzle_migrations`;
    if (testDbKind === 'pglite') {
      // The run's migrated snapshot, changed and dumped again: openDatabase loads it as it is.
      const client = await PgliteInWorker.open(undefined, await testSnapshot());
      try {
        const known = (await client.query<{ count: number }>(applied)).rows[0]?.count ?? 0;
        await client.exec(newer);
        return {
          options: { kind: 'pglite', dataDir: undefined, snapshot: await client.dump() },
          known,
        };
      } finally {
        await client.close();
      }
    }
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
    const name = `teamup_newer_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const options: DatabaseOptions = { kind: 'postgres', url: url.toString() };
    await (await openDatabase(options)).close();
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      const known = (await client.query<{ count: number }>(applied)).rows[0]?.count ?? 0;
      await client.query(newer);
      return { options, known };
    } finally {
      await client.end();
    }
  }

  it('is refused with the counts of its migrations; the build’s own migrations are not', async () => {
    const { options, known } = await newerDatabase();

    const refused = await openDatabase(options).then(
      async (database) => {
        await database.close();
        return undefined;
      },
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(NewerDatabaseError);
    expect((refused as NewerDatabaseError).message).toBe(
      `The database was migrated by a newer version of TeamUp: it has ${known + 1} migrations applied, ` +
        `1 of them unknown to this build, which has ${known}. Start the newer version (or restore ` +
        'a backup made for this one); this build does not run against a schema it does not know.',
    );
  });
});
