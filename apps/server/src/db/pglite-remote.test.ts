import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PgliteInWorker } from './pglite-remote';
import { testDatabases } from './pglite-test-databases';

/** PGlite in its worker thread, through the interface drizzle uses (decision 0016). */
describe('the embedded database in its worker thread', () => {
  const databases = testDatabases(
    'CREATE TABLE t (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())',
  );
  beforeAll(() => databases.prepare(), databases.prepareTimeoutMs);
  const open = () => databases.open();
  afterEach(() => databases.closeAll());

  it('answers queries with their rows, and errors with PostgreSQL’s fields', async () => {
    const db = await open();
    await db.query('INSERT INTO t (id) VALUES ($1), ($2)', [1, 2]);
    const rows = await db.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    expect(rows.rows).toEqual([{ id: 1 }, { id: 2 }]);
    // drizzle keeps timestamps as text (identity parsers): that survives the thread hop.
    const asText = await db.query<{ at: unknown }>('SELECT at FROM t LIMIT 1', [], {
      parsers: { 1184: (value: string) => value },
    });
    expect(typeof asText.rows[0]?.at).toBe('string');
    const error = await db.query('INSERT INTO t (id) VALUES (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505' });
    // PGlite's error carries the query's options, parser functions included, which cannot
    // cross threads: the error still arrives (this once stopped the worker), and so do later calls.
    const withParsers = await db
      .query('INSERT INTO t (id) VALUES (1)', [], { parsers: { 1184: (value: string) => value } })
      .catch((e: unknown) => e);
    expect(withParsers).toMatchObject({ code: '23505' });
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 2 }]);
  });

  // Longer than the others: it dumps and loads a database itself, beside the one it was given.
  it('a dump opens as a new in-memory database holding its rows, apart from the original', async () => {
    const db = await open();
    await db.query('INSERT INTO t (id) VALUES (7)');
    const snapshot = await db.dump();
    expect(snapshot.byteLength).toBeGreaterThan(1_000_000);
    const copy = await PgliteInWorker.open(undefined, snapshot);
    try {
      expect((await copy.query('SELECT id FROM t')).rows).toEqual([{ id: 7 }]);
      await copy.query('INSERT INTO t (id) VALUES (8)');
      expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('a transaction commits or rolls back as a whole, and holds the database while open', async () => {
    const db = await open();
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (10)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 0 }]);

    let outsideSaw: unknown;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (11)');
      // A query outside the transaction waits for it, as with PGlite in one process.
      const outside = db
        .query('SELECT count(*)::int AS n FROM t')
        .then((r) => (outsideSaw = r.rows));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideSaw).toBeUndefined();
      await tx.query('INSERT INTO t (id) VALUES (12)');
      void outside;
    });
    await expect.poll(() => outsideSaw).toEqual([{ n: 2 }]);
  });

  it('keeps the event loop free while a long query runs', async () => {
    const db = await open();
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      await db.query('SELECT count(*) FROM generate_series(1, 3000000)');
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(100); // long enough to tell
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('a stopped worker fails what was waiting, and everything after, with a clear error', async () => {
    const db = await open();
    const worker = (db as unknown as { worker: { terminate(): Promise<number> } }).worker;
    const waiting = db.query('SELECT count(*) FROM generate_series(1, 3000000)');
    await worker.terminate();
    await expect(waiting).rejects.toThrow(/embedded database stopped/);
    await expect(db.query('SELECT 1')).rejects.toThrow(/embedded database stopped/);
  });
});
