import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

/* The chat-list bench's own SQL (bench/chat-list.bench.ts): rooms filled in one statement. */

/**
 * `count` messages in the room, a minute apart up to now, every third by `me` and the others by
 * `other`; answers the newest message's id.
 */
export async function fillRoom(
  db: Db,
  roomId: number,
  [me, other]: [number, number],
  count: number,
): Promise<number> {
  await db.execute(sql`
    INSERT INTO chat_messages (room_id, sender_id, content, created_at)
    SELECT ${roomId}, CASE WHEN n % 3 = 0 THEN ${me}::int ELSE ${other}::int END,
           '메시지 ' || n || ': 오늘 회의 자료는 공유 폴더에 올려 두었습니다',
           now() - ((${count}::int - n) * interval '1 minute')
    FROM generate_series(1, ${count}::int) AS n`);
  const last = await db.execute(
    sql`SELECT max(id)::int AS id FROM chat_messages WHERE room_id = ${roomId}`,
  );
  const [row] = (last as { rows: Array<{ id: number }> }).rows;
  return Number(row?.id ?? 0);
}
