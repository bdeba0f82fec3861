/**
 * What the class-overview bench measures against, written straight in SQL before the server opens
 * the database: the seed's workspace made a class, `teams` teams of `members` students each, and
 * about `events` recorded events spread over the kinds of `team_activity` (messages most, then
 * meeting attendance, posts and their comments, card comments, announcements, completion
 * requests) over the last two weeks; each team's board of 30 cards with deadlines, meeting
 * sessions with notes, and one evaluation round half answered. In every third team one student
 * did nothing (inactive). Bench data only.
 */
import { sql } from 'drizzle-orm';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client';

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;

const intArray = (ids: number[]) =>
  sql.raw(`ARRAY[${ids.map((id) => Math.trunc(id)).join(',')}]::int[]`);

export async function fillClass(
  env: Record<string, string>,
  workspaceId: number,
  teams: number,
  members: number,
  events: number,
) {
  const config = { databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] as string };
  const database = await openDatabase(databaseOptionsFor(config));
  const db = database.db;
  try {
    await db.execute(sql`UPDATE workspaces SET is_class = true WHERE id = ${workspaceId}`);
    const students = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO users (email, name)
        SELECT 'class-' || g || '@bench.local', '학생 ' || g FROM generate_series(1, ${teams * members}) g
        RETURNING id`),
    ).map((row) => row.id);
    await db.execute(sql`
      INSERT INTO workspace_members (workspace_id, user_id)
      SELECT ${workspaceId}, unnest(${intArray(students)})`);
    const [round] = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO evaluation_rounds (workspace_id, title, criteria, opens_at, closes_at)
        VALUES (${workspaceId}, '중간 동료 평가', '[]', now() - interval '2 days', now() + interval '5 days')
        RETURNING id`),
    );
    const perTeam = Math.ceil(events / teams);
    // The share of each kind in a team's events.
    const share = (part: number) => Math.max(1, Math.round(perTeam * part));
    for (let k = 0; k < teams; k += 1) {
      const m = students.slice(k * members, (k + 1) * members);
      // Every third team has a student who did nothing.
      const active = k % 3 === 0 ? m.slice(0, -1) : m;
      const who = intArray(active);
      const n = active.length;
      const [team] = rowsOf<{ id: number }>(
        await db.execute(sql`
          INSERT INTO teams (workspace_id, name, leader_id)
          VALUES (${workspaceId}, ${`${String(k + 1).padStart(2, '0')}조`}, ${m[0]}) RETURNING id`),
      );
      const teamId = team?.id ?? 0;
      await db.execute(sql`
        INSERT INTO team_members (team_id, user_id, joined_at)
        SELECT ${teamId}, unnest(${intArray(m)}), now() - interval '30 days'`);
      const [ids] = rowsOf<{ board: number; kanban: number; room: number; channel: number }>(
        await db.execute(sql`
          WITH b AS (INSERT INTO boards (team_id) VALUES (${teamId}) RETURNING id),
          k AS (INSERT INTO kanbans (team_id) VALUES (${teamId}) RETURNING id),
          r AS (
            INSERT INTO chat_rooms (workspace_id, type, name, team_id)
            VALUES (${workspaceId}, 'GROUP', ${`${k + 1}조 채팅`}, ${teamId}) RETURNING id
          ),
          v AS (
            INSERT INTO video_channels (workspace_id, name, team_id)
            VALUES (${workspaceId}, ${`${k + 1}조 회의실`}, ${teamId}) RETURNING id
          )
          SELECT b.id AS board, k.id AS kanban, r.id AS room, v.id AS channel FROM b, k, r, v`),
      );
      if (!ids) throw new Error('team parts not made');
      const spread = sql.raw(`now() - ((g * 7919) % 20160) * interval '1 minute'`);
      await db.execute(sql`
        WITH l AS (
          INSERT INTO kanban_lists (kanban_id, name, position, is_done)
          VALUES (${ids.kanban}, '할 일', 'a0', false), (${ids.kanban}, '완료', 'a1', true)
          RETURNING id, is_done
        )
        INSERT INTO kanban_tasks (list_id, subject, deadline, position, is_approved, approved_at,
          completion_requested, completion_requester_id, completion_requested_at)
        SELECT (SELECT id FROM l WHERE is_done = (g % 3 = 0)), '카드 ' || g,
          CASE WHEN g % 5 = 0 THEN NULL
            WHEN g % 2 = 0 THEN to_char(current_date + (g % 20 - 10), 'YYYY-MM-DD')
            ELSE to_char((now() + (g % 200 - 100) * interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END,
          'a' || lpad(g::text, 4, '0'), g % 3 = 0, CASE WHEN g % 3 = 0 THEN ${spread} END,
          g % 3 <> 2, CASE WHEN g % 3 <> 2 THEN (${who})[g % ${n} + 1] END,
          CASE WHEN g % 3 <> 2 THEN ${spread} END
        FROM generate_series(1, 30) g`);
      await db.execute(sql`
        INSERT INTO chat_messages (room_id, sender_id, content, created_at)
        SELECT ${ids.room}, (${who})[g % ${n} + 1], '메시지 ' || g, ${spread}
        FROM generate_series(1, ${share(0.6)}) g`);
      await db.execute(sql`
        INSERT INTO announcements (team_id, author_id, title, content, created_at)
        SELECT ${teamId}, (${who})[g % ${n} + 1], '공지 ' || g, '내용', ${spread}
        FROM generate_series(1, ${share(0.03)}) g`);
      await db.execute(sql`
        INSERT INTO posts (board_id, author_id, title, content, created_at)
        SELECT ${ids.board}, (${who})[g % ${n} + 1], '글 ' || g, '내용', ${spread}
        FROM generate_series(1, ${share(0.05)}) g`);
      await db.execute(sql`
        WITH p AS (SELECT array_agg(id) AS a, count(*) AS c FROM posts WHERE board_id = ${ids.board})
        INSERT INTO post_comments (post_id, author_id, content, created_at)
        SELECT p.a[g % p.c + 1], (${who})[g % ${n} + 1], '댓글 ' || g, ${spread}
        FROM p, generate_series(1, ${share(0.1)}) g`);
      await db.execute(sql`
        WITH t AS (
          SELECT array_agg(t.id) AS a, count(*) AS c FROM kanban_tasks t
          JOIN kanban_lists l ON l.id = t.list_id WHERE l.kanban_id = ${ids.kanban}
        )
        INSERT INTO kanban_task_comments (task_id, author_id, content, created_at)
        SELECT t.a[g % t.c + 1], (${who})[g % ${n} + 1], '카드 댓글 ' || g, ${spread}
        FROM t, generate_series(1, ${share(0.1)}) g`);
      await db.execute(sql`
        WITH s AS (
          INSERT INTO meeting_sessions (channel_id, started_at, ended_at)
          SELECT ${ids.channel}, now() - g * interval '2 days', now() - g * interval '2 days' + interval '1 hour'
          FROM generate_series(0, 9) g
          RETURNING id, started_at
        ),
        notes AS (
          INSERT INTO meeting_notes (session_id, content)
          SELECT id, '회의록' FROM s WHERE extract(day FROM started_at)::int % 2 = 0
        ),
        sessions AS (SELECT array_agg(id) AS a, count(*) AS c FROM s)
        INSERT INTO meeting_attendance (session_id, user_id, joined_at, left_at)
        SELECT sessions.a[g % sessions.c + 1], (${who})[g % ${n} + 1], ${spread}, ${spread} + interval '30 minutes'
        FROM sessions, generate_series(1, ${share(0.1)}) g`);
      // Half the active students answered the evaluation.
      await db.execute(sql`
        INSERT INTO evaluation_responses (round_id, team_id, rater_id, ratee_id, scores)
        SELECT ${round?.id}, ${teamId}, r.id, e.id, '{4,3}'
        FROM unnest(${intArray(active.slice(0, Math.ceil(n / 2)))}) AS r(id),
          unnest(${intArray(m)}) AS e(id)
        WHERE r.id <> e.id`);
    }
    const [count] = rowsOf<{ n: number | string }>(
      await db.execute(sql`
        SELECT count(*) AS n FROM team_activity a JOIN teams t ON t.id = a.team_id
        WHERE t.workspace_id = ${workspaceId}`),
    );
    return { students: students.length, events: Number(count?.n ?? 0) };
  } finally {
    await database.close();
  }
}
