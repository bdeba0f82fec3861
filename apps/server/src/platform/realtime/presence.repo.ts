import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The database's name: the instances that share it are one deployment. */
export async function databaseNameOf(db: Db): Promise<string> {
  const result = (await db.execute(sql`select current_database() as name`)) as {
    rows: Array<{ name: string }>;
  };
  return result.rows[0]?.name ?? 'default';
}
