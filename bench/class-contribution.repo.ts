/**
 * What the class-contribution bench measures against, written in SQL before the server opens the
 * database: the seed's workspace made a class of `teams` teams of six (the seed's first user is
 * the first member of team 1 and the class's owner), each team with its board, kanban list, chat
 * room and meeting channel, and `events` recorded events over a semester (120 days up to now):
 * messages, posts, comments, cards with completion requests, meeting stays. `memberEvents` of them
 * are the first user's in team 1. Set-based statements; bench data only.
 */
import { sql, type SQL } from 'drizzle-orm';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client';
import type { Db } from '../apps/server/src/db/client';

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;

const SEMESTER_DAYS = 120;

/** The share of each kind among the events (their sum is 1). */
const SHARES = { message: 0.6, post: 0.1, comment: 0.1, card: 0.1, stay: 0.1 } as const;

export type FilledClass = { userId: number; teamId: number; events: number };

export async function fillClass(
  env: Record<string, string>,
  workspaceId: number,
  teams: number,
  events: number,
  memberEvents: number,
): Promise<FilledClass> {
  const config = { databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] as string };
  const database = await openDatabase(databaseOptionsFor(config));
  const db = database.db;
  try {
    const [me] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM users ORDER BY id LIMIT 1`),
    );
    const meId = me?.id ?? 0;
    await db.execute(sql`UPDATE workspaces SET is_class = true WHERE id = ${workspaceId}`);
    await db.execute(sql`CREATE TABLE bench_class_teams (
      n int PRIMARY KEY, team_id int, board_id int, room_id int, list_id int, session_id int,
      u int[])`);
    for (let n = 0; n < teams; n += 1) {
      const users = rowsOf<{ id: number }>(
        await db.execute(sql`INSERT INTO users (email, name)
          SELECT ${`class${n}-`} || g || '@bench.local', ${`${n + 1}조 학생 `} || g
          FROM generate_series(${n === 0 ? 1 : 0}, 5) g RETURNING id`),
      ).map((row) => row.id);
      const members = n === 0 ? [meId, ...users] : users;
      await db.execute(sql`INSERT INTO workspace_members (workspace_id, user_id)
        SELECT ${workspaceId}, unnest(${sql`ARRAY[${sql.join(
          users.map((id) => sql`${id}::int`),
          sql`, `,
        )}]`})`);
      const [row] = rowsOf<{
        team_id: number;
        board_id: number;
        room_id: number;
        list_id: number;
        session_id: number;
      }>(
        await db.execute(sql`
          WITH t AS (INSERT INTO teams (workspace_id, name, leader_id, created_at)
              VALUES (${workspaceId}, ${`${n + 1}조`}, ${members[0]}, now() - interval '130 days') RETURNING id),
            tm AS (INSERT INTO team_members (team_id, user_id)
              SELECT t.id, unnest(${sql`ARRAY[${sql.join(
                members.map((id) => sql`${id}::int`),
                sql`, `,
              )}]`}) FROM t),
            b AS (INSERT INTO boards (team_id) SELECT id FROM t RETURNING id),
            k AS (INSERT INTO kanbans (team_id) SELECT id FROM t RETURNING id),
            l AS (INSERT INTO kanban_lists (kanban_id, name, position) SELECT id, '할 일', 'a0' FROM k RETURNING id),
            r AS (INSERT INTO chat_rooms (workspace_id, type, name, team_id)
              SELECT ${workspaceId}, 'GROUP', ${`${n + 1}조`}, id FROM t RETURNING id),
            v AS (INSERT INTO video_channels (workspace_id, name, team_id)
              SELECT ${workspaceId}, ${`${n + 1}조 회의실`}, id FROM t RETURNING id),
            s AS (INSERT INTO meeting_sessions (channel_id, started_at, ended_at)
              SELECT id, now() - interval '${sql.raw(String(SEMESTER_DAYS))} days', now() - interval '1 day' FROM v RETURNING id)
          SELECT t.id AS team_id, b.id AS board_id, r.id AS room_id, l.id AS list_id, s.id AS session_id
          FROM t, b, r, l, s`),
      );
      await db.execute(sql`INSERT INTO bench_class_teams VALUES (${n}, ${row?.team_id}, ${row?.board_id},
        ${row?.room_id}, ${row?.list_id}, ${row?.session_id},
        ${sql`ARRAY[${sql.join(
          members.map((id) => sql`${id}::int`),
          sql`, `,
        )}]`})`);
    }
    // The member's events: team 1 (n = 0), its first user. The rest: every team, users 2–6.
    await fillEvents(db, memberEvents, sql`b.n = 0`, sql`b.u[1]`);
    await fillEvents(
      db,
      events - memberEvents,
      sql`b.n = i % ${teams}`,
      sql`b.u[2 + (i / ${teams}) % 5]`,
    );
    const [team] = rowsOf<{ team_id: number }>(
      await db.execute(sql`SELECT team_id FROM bench_class_teams WHERE n = 0`),
    );
    await db.execute(sql`DROP TABLE bench_class_teams`);
    await db.execute(sql`ANALYZE`);
    return { userId: meId, teamId: team?.team_id ?? 0, events };
  } finally {
    await database.close();
  }
}

/** `count` events, event i in the team `team` picks and by the user `user` picks, over the semester. */
async function fillEvents(db: Db, count: number, team: SQL, user: SQL) {
  const n = (share: number) => Math.round(count * share);
  const at = (total: number) =>
    sql`now() - interval '${sql.raw(String(SEMESTER_DAYS))} days' + (i * interval '${sql.raw(String(SEMESTER_DAYS))} days' / ${Math.max(1, total)})`;
  const each = async (total: number, insert: (series: SQL) => SQL) => {
    if (total > 0)
      await db.execute(
        insert(sql`generate_series(0, ${total - 1}) i JOIN bench_class_teams b ON ${team}`),
      );
  };
  const messages = n(SHARES.message);
  await each(
    messages,
    (from) => sql`INSERT INTO chat_messages (room_id, sender_id, content, created_at)
    SELECT b.room_id, ${user}, 'bench', ${at(messages)} FROM ${from}`,
  );
  const posts = n(SHARES.post);
  await each(
    posts,
    (from) => sql`INSERT INTO posts (board_id, author_id, title, content, created_at)
    SELECT b.board_id, ${user}, 'bench ' || i, 'bench', ${at(posts)} FROM ${from}`,
  );
  const comments = n(SHARES.comment);
  // A comment on a post of the same board, its author the event's user.
  await each(
    comments,
    (from) => sql`INSERT INTO post_comments (post_id, author_id, content, created_at)
    SELECT (SELECT p.id FROM posts p WHERE p.board_id = b.board_id ORDER BY p.id LIMIT 1),
      ${user}, 'bench', ${at(comments)} FROM ${from}`,
  );
  const cards = n(SHARES.card);
  await each(
    cards,
    (from) => sql`WITH made AS (
      INSERT INTO kanban_tasks (list_id, subject, position, created_at, completion_requested,
        completion_requester_id, completion_requested_at, is_approved, approved_at)
      SELECT b.list_id, 'bench ' || i, 'a' || i, ${at(cards)} - interval '3 days', true, ${user},
        ${at(cards)}, i % 2 = 0, CASE WHEN i % 2 = 0 THEN ${at(cards)} + interval '1 day' END
      FROM ${from} RETURNING id, completion_requester_id)
    INSERT INTO kanban_task_assignees (task_id, user_id) SELECT id, completion_requester_id FROM made`,
  );
  const stays = n(SHARES.stay);
  await each(
    stays,
    (from) => sql`INSERT INTO meeting_attendance (session_id, user_id, joined_at, left_at)
    SELECT b.session_id, ${user}, ${at(stays)}, ${at(stays)} + interval '40 minutes' FROM ${from}`,
  );
}
