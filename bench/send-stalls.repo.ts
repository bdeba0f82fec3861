import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

/* The send-stalls bench's own SQL: the index setting it compares, and its bare baseline. */

/** Chat's two search indexes merge their GIN pending lists at `kb` kilobytes. */
export async function setChatPendingListLimit(db: Db, kb: number) {
  for (const index of ['chat_messages_search_idx', 'chat_messages_bigram_idx']) {
    await db.execute(sql.raw(`ALTER INDEX ${index} SET (gin_pending_list_limit = ${kb})`));
  }
}

export async function createBareTable(db: Db) {
  await db.execute(sql`CREATE TABLE bench_bare (id serial PRIMARY KEY, content text NOT NULL)`);
}

/** The baseline: two rows into a table without secondary indexes, one statement. */
export async function insertBareRows(db: Db, first: string, second: string) {
  await db.execute(sql`INSERT INTO bench_bare (content) VALUES (${first}), (${second})`);
}
