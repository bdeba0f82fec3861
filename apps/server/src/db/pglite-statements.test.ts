import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PgliteInWorker } from './pglite-remote';
import { testDatabases } from './pglite-test-databases';
import { GENERIC_PLAN_COMMENT } from './plan-hints';

/**
 * The embedded database's prepared statements (pglite-statements.mjs, decision 0028), seen
 * through the worker's interface: PostgreSQL's own `pg_prepared_statements` tells which
 * statements the session holds prepared.
 */
describe('prepared statements of the embedded database', () => {
  const databases =
    testDatabases(`CREATE TABLE t (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(),
      doc jsonb, flag boolean)`);
  beforeAll(() => databases.prepare(), databases.prepareTimeoutMs);
  const open = () => databases.open();
  afterEach(() => databases.closeAll());
  /** The statements held prepared, but for this question itself (asked often, it is one). */
  const preparedTexts = async (db: PgliteInWorker) =>
    (
      await db.query<{ statement: string }>(
        `SELECT statement FROM pg_prepared_statements
        WHERE statement NOT LIKE '%pg_prepared_statements%' ORDER BY prepare_time`,
      )
    ).rows.map((row) => row.statement);

  it('a statement seen again is prepared once, and answers as the unnamed path does', async () => {
    const db = await open();
    const insert = 'INSERT INTO t (id, at, doc, flag) VALUES ($1, $2, $3, $4) RETURNING id, doc';
    const at = new Date('2026-11-28T01:02:03.000Z');
    const answers = [];
    for (let id = 1; id <= 4; id += 1) {
      answers.push(
        await db.query(insert, [id, at, { n: id, text: '한글' }, id % 2 === 0 ? null : true]),
      );
    }
    expect(answers.map((answer) => answer.rows)).toEqual(
      [1, 2, 3, 4].map((id) => [{ id, doc: { n: id, text: '한글' } }]),
    );
    // The first sighting went the unnamed way, the rest through one prepared statement.
    expect(await preparedTexts(db)).toEqual([insert]);

    const select = 'SELECT id, at, flag FROM t WHERE id >= $1 ORDER BY id';
    const unnamed = await db.query(select, [3], { parsers: { 1184: (value: string) => value } });
    const prepared = await db.query(select, [3], { parsers: { 1184: (value: string) => value } });
    expect(await preparedTexts(db)).toEqual([insert, select]);
    expect(prepared.rows).toEqual(unnamed.rows);
    expect(prepared.fields).toEqual(unnamed.fields);
    // Identity parsers cross the thread on the prepared path too (drizzle keeps timestamps as text).
    expect(prepared.rows).toEqual([
      { id: 3, at: '2026-11-28 01:02:03+00', flag: true },
      { id: 4, at: '2026-11-28 01:02:03+00', flag: null },
    ]);
    // Parsers of types the caller did not name still come from the database's own table
    // (array types included: PGlite adds their parsers after it starts), on both paths.
    const mixed =
      "SELECT ARRAY[id, 7]::int[] AS ids, at, '{1,2}'::text[] AS words FROM t WHERE id = $1";
    const identity = { parsers: { 1184: (value: string) => value } };
    const mixedUnnamed = await db.query(mixed, [3], identity);
    const mixedPrepared = await db.query(mixed, [3], identity);
    expect(await preparedTexts(db)).toEqual([insert, select, mixed]);
    for (const answer of [mixedUnnamed, mixedPrepared]) {
      expect(answer.rows).toEqual([
        { ids: [3, 7], at: '2026-11-28 01:02:03+00', words: ['1', '2'] },
      ]);
    }
    // drizzle reads selects as arrays.
    const arrays = await db.query(select, [4], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[4, at, null]]);
    const updated = await db.query('UPDATE t SET flag = $1 WHERE id < $2', [false, 3]);
    const again = await db.query('UPDATE t SET flag = $1 WHERE id < $2', [true, 2]);
    expect([updated.affectedRows, again.affectedRows]).toEqual([2, 1]);
  });

  it('plans each call anew (custom plans), as the unnamed path did', async () => {
    const db = await open();
    expect((await db.query('SHOW plan_cache_mode')).rows).toEqual([
      { plan_cache_mode: 'force_custom_plan' },
    ]);
  });

  it('runs a statement marked for it on one generic plan, and only that one', async () => {
    const db = await open();
    const marked = `INSERT INTO t (id, doc) VALUES ($1, $2) RETURNING id, doc ${GENERIC_PLAN_COMMENT}`;
    const plain = 'SELECT id, doc FROM t WHERE id = $1';
    const answers = [];
    for (let id = 1; id <= 6; id += 1) {
      answers.push((await db.query(marked, [id, { n: id }], { rowMode: 'array' })).rows);
      expect((await db.query(plain, [id])).rows).toEqual([{ id, doc: { n: id } }]);
    }
    // Its own rows only: the plan mode's SETs around it answer nothing of theirs.
    expect(answers).toEqual([1, 2, 3, 4, 5, 6].map((id) => [[id, { n: id }]]));
    const plans = await db.query<{ statement: string; generic: number; custom: number }>(
      `SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom
      FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%'
      ORDER BY prepare_time`,
    );
    // The first sighting of each went the unnamed way; the five calls after it were prepared.
    expect(plans.rows).toEqual([
      { statement: marked, generic: 5, custom: 0 },
      { statement: plain, generic: 0, custom: 5 },
    ]);
    const mode = async () => (await db.query('SHOW plan_cache_mode')).rows;
    expect(await mode()).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    // A marked statement that fails leaves the mode as it was, outside and inside a transaction.
    await expect(db.query(marked, [1, null])).rejects.toMatchObject({ code: '23505' });
    expect(await mode()).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(marked, [7, null]);
        await tx.query(marked, [7, null]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await mode()).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 6 }]);
  });

  it('an error on the prepared path carries PostgreSQL’s fields, and later calls go on', async () => {
    const db = await open();
    const insert = 'INSERT INTO t (id) VALUES ($1)';
    await db.query(insert, [1]);
    await db.query(insert, [2]);
    expect(await preparedTexts(db)).toEqual([insert]);
    const duplicate = await db.query(insert, [1]).catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 't_pkey', query: insert });
    await db.query(insert, [3]);
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 3 }]);
  });

  it('after DDL, by query or exec, plans are made anew: a changed table still answers', async () => {
    const db = await open();
    const everything = 'SELECT * FROM t ORDER BY id';
    await db.query('INSERT INTO t (id) VALUES (1)');
    await db.query(everything);
    await db.query(everything);
    expect(await preparedTexts(db)).toEqual([everything]);
    await db.query('ALTER TABLE t ADD COLUMN note text');
    // A plan prepared before would fail here ("cached plan must not change result type").
    const afterQuery = await db.query<Record<string, unknown>>(everything);
    expect(Object.keys(afterQuery.rows[0] ?? {})).toContain('note');
    await db.query(everything);
    await db.exec('ALTER TABLE t DROP COLUMN flag');
    const afterExec = await db.query<Record<string, unknown>>(everything);
    expect(Object.keys(afterExec.rows[0] ?? {})).not.toContain('flag');
    expect(Object.keys(afterExec.rows[0] ?? {})).toContain('note');
  });

  it('VACUUM and ANALYZE run unnamed and keep the prepared statements (decision 0029)', async () => {
    const db = await open();
    const everything = 'SELECT id FROM t ORDER BY id';
    /** The names the session's prepared statements have, for `everything` alone. */
    const names = async () =>
      (
        await db.query<{ name: string; statement: string }>(
          `SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time`,
        )
      ).rows.flatMap((row) => (row.statement === everything ? [row.name] : []));
    await db.query('INSERT INTO t (id) SELECT g FROM generate_series(1, 100) g');
    await db.query('DELETE FROM t WHERE id > 10');
    await db.query(everything);
    await db.query(everything);
    const before = await names();
    expect(before).toHaveLength(1);
    await db.query('VACUUM t');
    await db.query('  analyze t');
    expect((await db.query(everything)).rows).toHaveLength(10);
    await db.query(everything);
    expect(await names()).toEqual(before);
    // Anything else not plainly data still makes them all go: the text is prepared anew.
    await db.query('SET search_path TO public');
    await db.query(everything);
    await db.query(everything);
    const after = await names();
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  it('runs inside a transaction, rolls back with it, and the database waits for the commit', async () => {
    const db = await open();
    const insert = 'INSERT INTO t (id) VALUES ($1)';
    await db.query(insert, [1]);
    await db.query(insert, [2]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [3]);
        await tx.query(insert, [4]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const count = 'SELECT count(*)::int AS n FROM t';
    expect((await db.query(count)).rows).toEqual([{ n: 2 }]);
    expect((await db.query(count)).rows).toEqual([{ n: 2 }]);
    let outsideSaw: unknown;
    await db.transaction(async (tx) => {
      await tx.query(insert, [5]);
      const outside = db.query(count).then((result) => (outsideSaw = result.rows));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideSaw).toBeUndefined();
      await tx.query(insert, [6]);
      void outside;
    });
    await expect.poll(() => outsideSaw).toEqual([{ n: 4 }]);
    expect(await preparedTexts(db)).toEqual([insert, count]);
  });

  it('keeps at most 256 statements prepared, closing the least recently used', async () => {
    const db = await open();
    const texts = Array.from(
      { length: 300 },
      (_, i) => `SELECT ${i} AS n, id FROM t WHERE id = $1`,
    );
    for (const text of texts) {
      await db.query(text, [1]);
      await db.query(text, [1]);
    }
    await db.query(texts[299] as string, [1]);
    const held = await preparedTexts(db);
    expect(held.length).toBeLessThanOrEqual(256);
    expect(held.length).toBeGreaterThan(200);
    expect(held).toContain(texts[299]);
    expect(held).not.toContain(texts[0]);
  });
});
