import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The cheapest round trip to the database. */
export async function selectOne(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
