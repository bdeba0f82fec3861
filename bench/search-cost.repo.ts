import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

/* The search-cost bench's own SQL (bench/search-cost.bench.ts): its room's long messages. */

/** The room's member with the lowest id (the one who writes the long messages). */
export async function firstMemberOf(db: Db, roomId: number): Promise<number> {
  const result = await db.execute(
    sql`SELECT user_id FROM chat_room_members WHERE room_id = ${roomId} ORDER BY user_id LIMIT 1`,
  );
  const [row] = (result as { rows: { user_id: number }[] }).rows;
  if (!row) throw new Error(`room ${roomId} has no member`);
  return Number(row.user_id);
}

/** These texts as messages of `senderId` in the room, one statement. */
export async function insertMessages(db: Db, roomId: number, senderId: number, texts: string[]) {
  const values = texts.map((text) => sql`(${roomId}, ${senderId}, ${text})`);
  await db.execute(
    sql`INSERT INTO chat_messages (room_id, sender_id, content) VALUES ${sql.join(values, sql`, `)}`,
  );
}
