import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from './client';
import { startEmbeddedUpkeep, tableDueForVacuum, vacuumOneDueTable } from './embedded-upkeep';

/** Both drivers answer a raw query with `{ rows }`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * The embedded database's stand-in for autovacuum (decision 0029). The same SQL runs on both
 * engines; the app starts the timer on the embedded one only (PostgreSQL has autovacuum).
 */
describe('embedded database upkeep', () => {
  const opened: Database[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });
  const open = async () => {
    const database = await openTestDatabase();
    opened.push(database);
    return database;
  };
  /** live_events' counters as the statistics see them (read afresh: they are cached per call). */
  const liveEventStats = async (database: Database) => {
    const [row] = rowsOf<{ dead: number; vacuums: number }>(
      await database.db.execute(sql`
        SELECT n_dead_tup::int AS dead, (vacuum_count + autovacuum_count)::int AS vacuums
        FROM pg_stat_user_tables WHERE relname = 'live_events'`),
    );
    return row;
  };
  /** Rows logged and then pruned but for the newest `kept`, as the log is every minute. */
  const pruneLiveEvents = async (database: Database, count: number, kept = 0) => {
    await database.db.execute(sql`
      INSERT INTO live_events (topic, payload)
      SELECT 'chat.room.1', jsonb_build_object('n', g) FROM generate_series(1, ${count}::int) g`);
    await database.db.execute(
      sql`DELETE FROM live_events WHERE id <= (SELECT max(id) FROM live_events) - ${kept}::int`,
    );
  };

  it('names the table over its dead-row threshold, vacuums it, and then nothing is due', async () => {
    const database = await open();
    expect(await tableDueForVacuum(database.db)).toBeUndefined();
    // 40 dead rows are under autovacuum's 50; 300 are over.
    await pruneLiveEvents(database, 40);
    await expect.poll(async () => (await liveEventStats(database))?.dead).toBe(40);
    expect(await tableDueForVacuum(database.db)).toBeUndefined();
    await pruneLiveEvents(database, 260);
    await expect.poll(() => tableDueForVacuum(database.db)).toBe('live_events');
    expect(await vacuumOneDueTable(database.db)).toBe('live_events');
    await expect.poll(async () => (await liveEventStats(database))?.dead).toBe(0);
    expect((await liveEventStats(database))?.vacuums).toBeGreaterThanOrEqual(1);
    expect(await tableDueForVacuum(database.db)).toBeUndefined();
    expect(await vacuumOneDueTable(database.db)).toBeUndefined();
  });

  it('counts inserts since the last vacuum too (1,000 over the threshold)', async () => {
    const database = await open();
    await database.db.execute(sql`
      INSERT INTO live_events (topic, payload)
      SELECT 'chat.room.1', '{}'::jsonb FROM generate_series(1, 1500) g`);
    // 1,500 inserted into an empty table: over 1,000 + 20 % of 1,500 = 1,300.
    await expect.poll(() => tableDueForVacuum(database.db)).toBe('live_events');
  });

  it('on a timer, vacuums what is due and stops, waiting for a vacuum under way', async () => {
    const database = await open();
    const logged: unknown[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => logged.push(JSON.parse(line)) },
    );
    await pruneLiveEvents(database, 300);
    await expect.poll(() => tableDueForVacuum(database.db)).toBe('live_events');
    const upkeep = startEmbeddedUpkeep(database.db, logger, 20);
    await expect.poll(() => logged.length).toBeGreaterThan(0);
    await upkeep.stop();
    await expect.poll(async () => (await liveEventStats(database))?.dead).toBe(0);
    expect(logged).toContainEqual(
      expect.objectContaining({ table: 'live_events', msg: 'embedded database: table vacuumed' }),
    );
  });

  it('reclaims what the pruned log held: the table stops growing', async () => {
    const database = await open();
    const size = async () =>
      rowsOf<{ bytes: number }>(
        await database.db.execute(sql`SELECT pg_relation_size('live_events')::int AS bytes`),
      )[0]?.bytes ?? 0;
    await pruneLiveEvents(database, 3000, 100);
    await expect.poll(() => tableDueForVacuum(database.db)).toBe('live_events');
    await vacuumOneDueTable(database.db);
    const afterFirst = await size();
    expect(afterFirst).toBeGreaterThan(0);
    for (let round = 0; round < 3; round += 1) {
      await pruneLiveEvents(database, 3000, 100);
      await expect.poll(() => tableDueForVacuum(database.db)).toBe('live_events');
      await vacuumOneDueTable(database.db);
    }
    // Without the vacuums the heap takes 3,000 rows' pages more each round (4 × after three).
    expect(await size()).toBeLessThan(afterFirst * 1.5);
  });
});
