/**
 * What chat-scale measures against, written straight in SQL: message history, reactions and read
 * pointers in the 1,000- and 2-member rooms, and the rooms of 100,000 and 100 messages. Bench
 * data only (the services would take minutes to write it), so it lives here and not in a repo
 * file of the server.
 */
import { CHAT_REACTIONS } from '@teamup/contracts/chat';
import { sql } from 'drizzle-orm';
import { openDatabase, databaseOptionsFor } from '../../apps/server/src/db/client';
import type { Seeded } from '../support';

/** Messages already in the 1,000-member and the 2-member rooms, and how many carry reactions. */
export const ROOM_HISTORY = 1000;
export const REACTED = 200;
/** The rooms the page figures scroll: the large and the small. */
export const HUGE = 100_000;
export const SMALL = 100;

/**
 * Writes what the services would take minutes to: message history, reactions and read pointers,
 * and the 100,000-message room, straight in SQL (before the server opens PGlite, which is one
 * process's). VACUUM ANALYZE afterwards, as autovacuum would have done on a real database long
 * before anyone scrolled.
 */
export async function fill(env: Record<string, string>, seeded: Seeded) {
  const config = { databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] as string };
  const database = await openDatabase(databaseOptionsFor(config));
  const db = database.db;
  const emoji = `ARRAY[${CHAT_REACTIONS.map((e) => `'${e}'`).join(',')}]`;
  const room = (name: string) => seeded.rooms[name] ?? 0;
  const members = (roomId: number) => `(SELECT array_agg(user_id ORDER BY user_id) AS ids
    FROM chat_room_members WHERE room_id = ${roomId}) AS m`;
  /** `count` messages, senders spread over the members, `apart` between them, ending now. */
  const messages = (roomId: number, count: number, apart: string, content: string) =>
    db.execute(
      sql.raw(`INSERT INTO chat_messages (room_id, sender_id, content, created_at)
        SELECT ${roomId}, m.ids[1 + (g % cardinality(m.ids))], ${content},
          now() - interval '${apart}' * (${count} - g)
        FROM generate_series(1, ${count}) AS g, ${members(roomId)}`),
    );
  /** The newest `newest` messages get 1 to `most` reactions each, by different members. */
  const reactions = (roomId: number, newest: number, most: number) =>
    db.execute(
      sql.raw(`INSERT INTO chat_message_reactions (message_id, user_id, emoji)
        SELECT msg.id, m.ids[1 + ((msg.id + u) % cardinality(m.ids))],
          (${emoji})[1 + ((msg.id + u) % 7)]
        FROM (SELECT id FROM chat_messages WHERE room_id = ${roomId}
              ORDER BY id DESC LIMIT ${newest}) AS msg,
          generate_series(0, ${most - 1}) AS u, ${members(roomId)}
        WHERE u < 1 + (msg.id % ${most})
        ON CONFLICT DO NOTHING`),
    );
  try {
    for (const name of ['big', 'pair']) {
      const roomId = room(name);
      await messages(roomId, ROOM_HISTORY, '1 minute', `'지난 메시지 ' || g`);
      await reactions(roomId, REACTED, 20);
      // Read pointers: 30 % read the last few messages, 40 % stopped somewhere in the last 800,
      // 30 % never opened the room (null) — only in the big room; both members of the pair read.
      await db.execute(
        sql.raw(`UPDATE chat_room_members AS c SET last_read_message_id = CASE
            WHEN '${name}' = 'pair' OR c.user_id % 10 < 3 THEN top.id - (c.user_id % 5)
            WHEN c.user_id % 10 < 7 THEN top.id - 100 - (c.user_id % 700)
            ELSE NULL END
          FROM (SELECT max(id) AS id FROM chat_messages WHERE room_id = ${roomId}) AS top
          WHERE c.room_id = ${roomId}`),
      );
    }
    for (const [name, count] of [
      ['huge', HUGE],
      ['small', SMALL],
    ] as const) {
      const roomId = room(name);
      await messages(
        roomId,
        count,
        '1 second',
        `'메시지 ' || g || ': 스크롤 벤치마크용 본문입니다.'`,
      );
      // One reaction on each of the newest 200, the same in both rooms.
      await reactions(roomId, 200, 1);
    }
    await db.execute(sql.raw('VACUUM ANALYZE'));
  } finally {
    await database.close();
  }
}
