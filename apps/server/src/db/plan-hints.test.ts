import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from '../../test/test-app';
import type { Database } from './client';
import { GENERIC_PLAN_COMMENT, genericPlan, namedWhenMarked } from './plan-hints';

/** PostgreSQL's side of the generic-plan marker (decision 0028): a named prepared statement. */
describe('namedWhenMarked', () => {
  const marked = (body: string) => ({
    text: `${body} ${GENERIC_PLAN_COMMENT}`,
    types: {},
    name: undefined as string | undefined,
  });

  it('names a marked statement after its text, and leaves the rest of its config alone', () => {
    // As drizzle hands it over: the name's key is there, undefined.
    const config = marked('SELECT $1::int');
    const named = namedWhenMarked(config);
    expect(named.name).toMatch(/^generic_[0-9a-f]{24}$/);
    expect({ ...named, name: undefined }).toEqual(config);
    expect(namedWhenMarked(marked('SELECT $1::int')).name).toBe(named.name);
    expect(namedWhenMarked(marked('SELECT $1::bigint')).name).not.toBe(named.name);
  });

  it('answers anything else as it is', () => {
    const plain = { text: 'SELECT 1', name: undefined };
    expect(namedWhenMarked(plain)).toBe(plain);
    const alreadyNamed = { text: `SELECT 1 ${GENERIC_PLAN_COMMENT}`, name: 'mine' };
    expect(namedWhenMarked(alreadyNamed)).toBe(alreadyNamed);
    expect(namedWhenMarked('SELECT 1')).toBe('SELECT 1');
    expect(namedWhenMarked(undefined)).toBeUndefined();
  });
});

/** Both drivers answer a raw query with `{ rows }`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

const onPostgres = testDbKind === 'postgres';
if (!onPostgres) {
  console.log('plan-hints: the PostgreSQL test skipped (it needs TEST_DB_KIND=postgres)');
}

describe.skipIf(!onPostgres)('a marked statement on PostgreSQL', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('is prepared once on its connection and runs on a generic plan after a few runs', async () => {
    database = await openTestDatabase();
    const { db } = database;
    // One after another, each query takes the pool's most recently used connection.
    for (let n = 1; n <= 8; n += 1) {
      const result = await db.execute(sql`SELECT ${n}::int + 1 AS next ${genericPlan}`);
      expect(rowsOf<{ next: number }>(result)).toEqual([{ next: n + 1 }]);
    }
    await db.execute(sql`SELECT ${1}::int AS unmarked`);
    const prepared = rowsOf<{ name: string; statement: string; generic: number; custom: number }>(
      await db.execute(
        sql`SELECT name, statement, generic_plans::int AS generic, custom_plans::int AS custom
          FROM pg_prepared_statements`,
      ),
    );
    expect(prepared).toHaveLength(1);
    const [statement] = prepared;
    expect(statement?.name).toMatch(/^generic_/);
    expect(statement?.statement).toContain(GENERIC_PLAN_COMMENT);
    expect(statement?.generic).toBeGreaterThanOrEqual(1);
    expect((statement?.generic ?? 0) + (statement?.custom ?? 0)).toBe(8);
  });
});
