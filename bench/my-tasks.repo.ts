/**
 * What the my-tasks bench measures against, written straight in SQL before the server opens the
 * database: the seed's first user in `teams` teams of its workspace (each team's board with three
 * open lists and a done list), `cards` cards spread over them, all assigned to that user and half
 * to a second member too; deadlines of every kind (none, days, due times) from weeks ago to weeks
 * ahead. Bench data only.
 */
import { sql } from 'drizzle-orm';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client';

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;

export async function fillMyTasks(
  env: Record<string, string>,
  workspaceId: number,
  teams: number,
  cards: number,
) {
  const config = { databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] as string };
  const database = await openDatabase(databaseOptionsFor(config));
  const db = database.db;
  try {
    const [me] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM users ORDER BY id LIMIT 1`),
    );
    const meId = me?.id ?? 0;
    const [other] = rowsOf<{ id: number }>(
      await db.execute(
        sql`INSERT INTO users (email, name) VALUES ('mytasks-other@bench.local', '다른 팀원') RETURNING id`,
      ),
    );
    const otherId = other?.id ?? 0;
    await db.execute(
      sql`INSERT INTO workspace_members (workspace_id, user_id) VALUES (${workspaceId}, ${otherId})`,
    );
    const perTeam = Math.ceil(cards / teams);
    for (let t = 0; t < teams; t += 1) {
      const [team] = rowsOf<{ id: number }>(
        await db.execute(
          sql`INSERT INTO teams (workspace_id, name, leader_id)
            VALUES (${workspaceId}, ${`벤치 팀 ${t + 1}`}, ${meId}) RETURNING id`,
        ),
      );
      const teamId = team?.id ?? 0;
      await db.execute(
        sql`INSERT INTO team_members (team_id, user_id) VALUES (${teamId}, ${meId}), (${teamId}, ${otherId})`,
      );
      const [kanban] = rowsOf<{ id: number }>(
        await db.execute(sql`INSERT INTO kanbans (team_id) VALUES (${teamId}) RETURNING id`),
      );
      const lists = rowsOf<{ id: number; is_done: boolean }>(
        await db.execute(
          sql`INSERT INTO kanban_lists (kanban_id, name, position, is_done)
            VALUES (${kanban?.id}, '할 일', 'a0', false), (${kanban?.id}, '진행 중', 'a1', false),
              (${kanban?.id}, '검토', 'a2', false), (${kanban?.id}, '완료', 'a3', true)
            RETURNING id, is_done`,
        ),
      );
      const [l0, l1, l2, l3] = lists.map((list) => list.id);
      const count = Math.min(perTeam, cards - t * perTeam);
      await db.execute(
        sql`INSERT INTO kanban_tasks (list_id, subject, deadline, position, is_approved)
          SELECT (ARRAY[${l0}, ${l1}, ${l2}, ${l3}]::int[])[g % 4 + 1],
            '할 일 ' || ${t + 1} || '-' || g,
            CASE
              WHEN g % 10 = 0 THEN NULL
              WHEN g % 3 = 0 THEN to_char((now() + (g % 500 - 150) * interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
              ELSE to_char(current_date + (g % 60 - 20), 'YYYY-MM-DD')
            END,
            'a' || lpad(g::text, 6, '0'),
            g % 4 = 3
          FROM generate_series(1, ${count}) AS g`,
      );
      await db.execute(
        sql`INSERT INTO kanban_task_assignees (task_id, user_id)
          SELECT t.id, u.id FROM kanban_tasks t JOIN kanban_lists l ON l.id = t.list_id
          CROSS JOIN (VALUES (${meId}::int), (${otherId}::int)) AS u(id)
          WHERE l.kanban_id = ${kanban?.id} AND (u.id = ${meId} OR t.id % 2 = 0)`,
      );
    }
    const [total] = rowsOf<{ n: number | string }>(
      await db.execute(
        sql`SELECT count(*) AS n FROM kanban_task_assignees WHERE user_id = ${meId}`,
      ),
    );
    return { userId: meId, assigned: Number(total?.n ?? 0) };
  } finally {
    await database.close();
  }
}

/**
 * The ics-feed bench's calendar: one team of the seed's first user with `events` events spread
 * over the coming months (a tenth of them all-day), written in SQL.
 */
export async function fillCalendar(
  env: Record<string, string>,
  workspaceId: number,
  events: number,
) {
  const config = { databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] as string };
  const database = await openDatabase(databaseOptionsFor(config));
  const db = database.db;
  try {
    const [me] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM users ORDER BY id LIMIT 1`),
    );
    const meId = me?.id ?? 0;
    const [team] = rowsOf<{ id: number }>(
      await db.execute(
        sql`INSERT INTO teams (workspace_id, name, leader_id)
          VALUES (${workspaceId}, '캘린더 벤치 팀', ${meId}) RETURNING id`,
      ),
    );
    await db.execute(
      sql`INSERT INTO team_members (team_id, user_id) VALUES (${team?.id}, ${meId})`,
    );
    await db.execute(
      sql`INSERT INTO schedules (team_id, creator_id, title, description, type, starts_at, ends_at)
        SELECT ${team?.id}, ${meId}, '정기 회의 ' || g || ': 진행 상황, 다음 할 일; 역할 분담',
          CASE WHEN g % 3 = 0 THEN '준비물: 노트북' || chr(10) || '회의록 작성' END,
          'MEETING',
          date_trunc('hour', now()) + g * interval '3 hours',
          date_trunc('hour', now()) + g * interval '3 hours'
            + CASE WHEN g % 10 = 0 THEN interval '1 day' - interval '1 millisecond' ELSE interval '1 hour' END
        FROM generate_series(1, ${events}) AS g`,
    );
    return { userId: meId };
  } finally {
    await database.close();
  }
}
