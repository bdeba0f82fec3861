import { sql, type SQL } from 'drizzle-orm';
import type { ContributionKind } from '@teamup/contracts/contribution';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';

/*
 * Contribution evidence (issue 45), set-based: one statement per family of numbers, grouped by
 * member, for one team and one range [start, end). Activity is read from the `team_activity` view
 * (migration 0037), the one definition the instructor's overview reads too; cards and meeting
 * stays, which have a duration or a state rather than a moment, are read from their tables.
 */

const num = (value: number | string | null | undefined) => Number(value ?? 0);
const iso = (value: Date | string) => new Date(value).toISOString();

export type Range = { start: Date; end: Date; now: Date };

export type TeamHead = {
  id: number;
  name: string;
  workspaceId: number;
  leaderId: number | null;
  createdAt: Date;
};

export async function findTeam(db: Db, teamId: number): Promise<TeamHead | null> {
  const [row] = rowsOf<{
    id: number;
    name: string;
    workspace_id: number;
    leader_id: number | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      SELECT id, name, workspace_id, leader_id, created_at FROM teams WHERE id = ${teamId}`),
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    workspaceId: row.workspace_id,
    leaderId: row.leader_id,
    createdAt: new Date(row.created_at),
  };
}

/** The teams of a workspace, by name (the class CSV's order). */
export async function teamsOfWorkspace(db: Db, workspaceId: number): Promise<TeamHead[]> {
  return rowsOf<{
    id: number;
    name: string;
    workspace_id: number;
    leader_id: number | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      SELECT id, name, workspace_id, leader_id, created_at FROM teams
      WHERE workspace_id = ${workspaceId} ORDER BY name, id`),
  ).map((row) => ({
    id: row.id,
    name: row.name,
    workspaceId: row.workspace_id,
    leaderId: row.leader_id,
    createdAt: new Date(row.created_at),
  }));
}

export type MemberHead = { userId: number; name: string; profileImageUrl: string | null };

export async function membersOf(db: Db, teamId: number): Promise<MemberHead[]> {
  return rowsOf<{ id: number; name: string; profile_image_url: string | null }>(
    await db.execute(sql`
      SELECT u.id, u.name, u.profile_image_url
      FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = ${teamId}
      ORDER BY u.name, u.id`),
  ).map((row) => ({ userId: row.id, name: row.name, profileImageUrl: row.profile_image_url }));
}

/** The members of several teams, by team, each by name (one statement). */
export async function membersOfTeams(
  db: Db,
  teamIds: number[],
): Promise<Map<number, MemberHead[]>> {
  const byTeam = new Map<number, MemberHead[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = rowsOf<{
    team_id: number;
    id: number;
    name: string;
    profile_image_url: string | null;
  }>(
    await db.execute(sql`
      SELECT m.team_id, u.id, u.name, u.profile_image_url
      FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(teamIds)}::json))
      ORDER BY u.name, u.id`),
  );
  for (const row of rows) {
    byTeam.get(row.team_id)?.push({
      userId: row.id,
      name: row.name,
      profileImageUrl: row.profile_image_url,
    });
  }
  return byTeam;
}

export type Numbers = {
  assigned: number;
  approved: number;
  completionRequests: number;
  posts: number;
  comments: number;
  files: number;
  messages: number;
  meetings: number;
  meetingMinutes: number;
  activeDays: number;
  lastActiveAt: string | null;
};

export const emptyNumbers = (): Numbers => ({
  assigned: 0,
  approved: 0,
  completionRequests: 0,
  posts: 0,
  comments: 0,
  files: 0,
  messages: 0,
  meetings: 0,
  meetingMinutes: 0,
  activeDays: 0,
  lastActiveAt: null,
});

/** One team's range [start, end) in a statement over several teams. */
export type TeamSpan = { teamId: number; start: Date; end: Date };

/**
 * The spans as rows `r(team_id, start_at, end_at)` of one parameter, so one statement reads any
 * number of teams, each over its own range.
 */
const spansOf = (spans: TeamSpan[]) =>
  sql`json_to_recordset(${JSON.stringify(
    spans.map((span) => ({
      team_id: span.teamId,
      start_at: span.start.toISOString(),
      end_at: span.end.toISOString(),
    })),
  )}::json) AS r(team_id int, start_at timestamptz, end_at timestamptz)`;

/** A range's bounds in SQL: parameters for one team, a span's columns for several. */
type Bounds = { start: SQL; end: SQL; now: Date };
const boundsOf = (range: Range): Bounds => ({
  start: sql`${range.start}::timestamptz`,
  end: sql`${range.end}::timestamptz`,
  now: range.now,
});
const spanBounds = (now: Date): Bounds => ({ start: sql`r.start_at`, end: sql`r.end_at`, now });

/**
 * A card counts as assigned in the range when it is assigned to the member now and was open at
 * some time in it: made before the range's end and not approved before its start.
 */
const openInRange = (b: Bounds) =>
  sql`t.created_at < ${b.end} AND (t.approved_at IS NULL OR t.approved_at >= ${b.start})`;
const approvedInRange = (b: Bounds) =>
  sql`t.approved_at >= ${b.start} AND t.approved_at < ${b.end}`;

/** A stay's minutes inside the range (an open stay lasts until now). */
const stayEnd = (b: Bounds) => sql`coalesce(ma.left_at, ${b.now}::timestamptz)`;
const stayOverlaps = (b: Bounds) => sql`ma.joined_at < ${b.end} AND ${stayEnd(b)} > ${b.start}`;
const staySeconds = (b: Bounds) =>
  sql`greatest(0, extract(epoch FROM least(${stayEnd(b)}, ${b.end}) - greatest(ma.joined_at, ${b.start})))`;

const seoulDay = (column: SQL) => sql`(${column} AT TIME ZONE 'Asia/Seoul')::date`;

/** Every member's numbers in one team over the range, by user id (three statements). */
export async function teamNumbers(
  db: Db,
  teamId: number,
  range: Range,
): Promise<Map<number, Numbers>> {
  const byTeam = await teamsNumbers(db, [{ teamId, ...range }], range.now);
  return byTeam.get(teamId) ?? new Map();
}

/**
 * Every member's numbers in each team over that team's span, by team and user id: three
 * statements whatever the number of teams (a class of 60 reads as fast as it can be summed).
 */
export async function teamsNumbers(
  db: Db,
  spans: TeamSpan[],
  now: Date,
): Promise<Map<number, Map<number, Numbers>>> {
  const byTeam = new Map<number, Map<number, Numbers>>();
  if (spans.length === 0) return byTeam;
  const of = (teamId: number, userId: number) => {
    let team = byTeam.get(teamId);
    if (!team) {
      team = new Map();
      byTeam.set(teamId, team);
    }
    let numbers = team.get(userId);
    if (!numbers) {
      numbers = emptyNumbers();
      team.set(userId, numbers);
    }
    return numbers;
  };
  const [cards, activity, meetings] = await Promise.all([
    db.execute(sql`
      SELECT r.team_id, a.user_id,
        count(*) FILTER (WHERE ${openInRange(spanBounds(now))}) AS assigned,
        count(*) FILTER (WHERE ${approvedInRange(spanBounds(now))}) AS approved
      FROM ${spansOf(spans)}
      JOIN kanbans k ON k.team_id = r.team_id
      JOIN kanban_lists l ON l.kanban_id = k.id
      JOIN kanban_tasks t ON t.list_id = l.id
      JOIN kanban_task_assignees a ON a.task_id = t.id
      GROUP BY r.team_id, a.user_id`),
    db.execute(sql`
      SELECT r.team_id, ta.user_id,
        count(*) FILTER (WHERE ta.kind = 'COMPLETION_REQUEST') AS completion_requests,
        count(*) FILTER (WHERE ta.kind IN ('POST', 'ANNOUNCEMENT')) AS posts,
        count(*) FILTER (WHERE ta.kind IN ('COMMENT', 'TASK_COMMENT')) AS comments,
        count(*) FILTER (WHERE ta.kind IN ('FILE', 'CHAT_FILE')) AS files,
        count(*) FILTER (WHERE ta.kind = 'MESSAGE') AS messages,
        count(DISTINCT ${seoulDay(sql`ta.at`)}) AS active_days,
        max(ta.at) AS last_at
      FROM ${spansOf(spans)}
      JOIN team_activity ta
        ON ta.team_id = r.team_id AND ta.at >= r.start_at AND ta.at < r.end_at
      GROUP BY r.team_id, ta.user_id`),
    db.execute(sql`
      SELECT r.team_id, ma.user_id, count(DISTINCT ma.session_id) AS meetings,
        sum(${staySeconds(spanBounds(now))}) AS seconds
      FROM ${spansOf(spans)}
      JOIN video_channels v ON v.team_id = r.team_id
      JOIN meeting_sessions s ON s.channel_id = v.id
      JOIN meeting_attendance ma ON ma.session_id = s.id
      WHERE ${stayOverlaps(spanBounds(now))}
      GROUP BY r.team_id, ma.user_id`),
  ]);
  type Keyed = { team_id: number; user_id: number };
  for (const row of rowsOf<Keyed & { assigned: string | number; approved: string | number }>(
    cards,
  )) {
    const numbers = of(row.team_id, row.user_id);
    numbers.assigned = num(row.assigned);
    numbers.approved = num(row.approved);
  }
  for (const row of rowsOf<
    Keyed & {
      completion_requests: string | number;
      posts: string | number;
      comments: string | number;
      files: string | number;
      messages: string | number;
      active_days: string | number;
      last_at: Date | string | null;
    }
  >(activity)) {
    const numbers = of(row.team_id, row.user_id);
    numbers.completionRequests = num(row.completion_requests);
    numbers.posts = num(row.posts);
    numbers.comments = num(row.comments);
    numbers.files = num(row.files);
    numbers.messages = num(row.messages);
    numbers.activeDays = num(row.active_days);
    numbers.lastActiveAt = row.last_at === null ? null : iso(row.last_at);
  }
  for (const row of rowsOf<Keyed & { meetings: string | number; seconds: string | number | null }>(
    meetings,
  )) {
    const numbers = of(row.team_id, row.user_id);
    numbers.meetings = num(row.meetings);
    numbers.meetingMinutes = Math.round(num(row.seconds) / 60);
  }
  return byTeam;
}

export type ItemRow = {
  source: string;
  id: number;
  label: string;
  at: string;
  approvedAt: string | null;
  count: number | null;
  /** The ids an item's link needs: a post, a comment, a task, an announcement, a room, a message. */
  postId: number | null;
  commentId: number | null;
  taskId: number | null;
  announcementId: number | null;
  roomId: number | null;
  messageId: number | null;
};

type Page = { offset: number; limit: number };

type RawItem = {
  source: string;
  id: number | string;
  label: string | null;
  at: Date | string;
  approved_at?: Date | string | null;
  count?: number | string | null;
  post_id?: number | null;
  comment_id?: number | null;
  task_id?: number | null;
  announcement_id?: number | null;
  room_id?: number | null;
  message_id?: number | null;
  total: number | string;
};

function toItem(row: RawItem): ItemRow {
  return {
    source: row.source,
    id: Number(row.id),
    label: row.label ?? '',
    at: iso(row.at),
    approvedAt: row.approved_at ? iso(row.approved_at) : null,
    count: row.count === null || row.count === undefined ? null : Number(row.count),
    postId: row.post_id ?? null,
    commentId: row.comment_id ?? null,
    taskId: row.task_id ?? null,
    announcementId: row.announcement_id ?? null,
    roomId: row.room_id ?? null,
    messageId: row.message_id ?? null,
  };
}

/** The view's kinds behind each number read from it. */
const viewKinds: Partial<Record<ContributionKind, string[]>> = {
  COMPLETION_REQUEST: ['COMPLETION_REQUEST'],
  POST: ['POST', 'ANNOUNCEMENT'],
  COMMENT: ['COMMENT', 'TASK_COMMENT'],
  FILE: ['FILE', 'CHAT_FILE'],
};

/** The items behind one number of one member, newest first, and how many there are. */
export async function items(
  db: Db,
  args: { teamId: number; userId: number; kind: ContributionKind; range: Range; page: Page },
): Promise<{ rows: ItemRow[]; total: number }> {
  const { teamId, userId, kind, range, page } = args;
  const rows = rowsOf<RawItem>(await db.execute(itemsStatement(teamId, userId, kind, range, page)));
  return { rows: rows.map(toItem), total: rows[0] ? num(rows[0].total) : -1 };
}

/** How many items there are, for a page past the last (which answers no rows to count from). */
export async function itemCount(
  db: Db,
  args: { teamId: number; userId: number; kind: ContributionKind; range: Range },
): Promise<number> {
  const [row] = rowsOf<{ total: number | string }>(
    await db.execute(
      itemsStatement(args.teamId, args.userId, args.kind, args.range, { offset: 0, limit: 1 }),
    ),
  );
  return row ? num(row.total) : 0;
}

function itemsStatement(
  teamId: number,
  userId: number,
  kind: ContributionKind,
  range: Range,
  page: Page,
): SQL {
  const inRange = sql`v.team_id = ${teamId} AND v.user_id = ${userId}
    AND v.at >= ${range.start} AND v.at < ${range.end}`;
  const paging = sql`LIMIT ${page.limit} OFFSET ${page.offset}`;
  switch (kind) {
    case 'ASSIGNED':
    case 'APPROVED':
      return sql`
        SELECT ${kind}::text AS source, t.id, t.subject AS label,
          ${kind === 'APPROVED' ? sql`t.approved_at` : sql`t.created_at`} AS at,
          t.approved_at, t.id AS task_id, count(*) OVER () AS total
        FROM kanbans k
        JOIN kanban_lists l ON l.kanban_id = k.id
        JOIN kanban_tasks t ON t.list_id = l.id
        JOIN kanban_task_assignees a ON a.task_id = t.id
        WHERE k.team_id = ${teamId} AND a.user_id = ${userId}
          AND ${kind === 'APPROVED' ? approvedInRange(boundsOf(range)) : openInRange(boundsOf(range))}
        ORDER BY at DESC, t.id DESC ${paging}`;
    case 'MESSAGE':
    case 'ACTIVE_DAY':
      // Days and counts only: nothing of a message but that it was sent that day.
      return sql`
        SELECT ${kind}::text AS source, d.day, to_char(d.day, 'YYYY-MM-DD') AS label,
          to_char(d.day, 'YYYYMMDD')::int AS id, (d.day::timestamp AT TIME ZONE 'Asia/Seoul') AS at,
          d.n AS count, count(*) OVER () AS total
        FROM (
          SELECT ${seoulDay(sql`v.at`)} AS day, count(*) AS n
          FROM team_activity v
          WHERE ${inRange} ${kind === 'MESSAGE' ? sql`AND v.kind = 'MESSAGE'` : sql``}
          GROUP BY 1
        ) d
        ORDER BY d.day DESC ${paging}`;
    case 'MEETING':
      return sql`
        SELECT 'MEETING'::text AS source, ma.id, v.name AS label, ma.joined_at AS at,
          round(${staySeconds(boundsOf(range))} / 60)::int AS count, count(*) OVER () AS total
        FROM video_channels v
        JOIN meeting_sessions s ON s.channel_id = v.id
        JOIN meeting_attendance ma ON ma.session_id = s.id
        WHERE v.team_id = ${teamId} AND ma.user_id = ${userId} AND ${stayOverlaps(boundsOf(range))}
        ORDER BY ma.joined_at DESC, ma.id DESC ${paging}`;
    default: {
      const kinds = viewKinds[kind] ?? [];
      return sql`
        WITH chosen AS (
          SELECT v.kind, v.item_id, v.at, count(*) OVER () AS total
          FROM team_activity v
          WHERE ${inRange} AND v.kind IN (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
          ORDER BY v.at DESC, v.item_id DESC ${paging}
        )
        SELECT c.kind AS source, c.item_id AS id, c.at, c.total,
          CASE c.kind
            WHEN 'POST' THEN p.title WHEN 'ANNOUNCEMENT' THEN an.title
            WHEN 'COMMENT' THEN cp.title WHEN 'TASK_COMMENT' THEN ct.subject
            WHEN 'COMPLETION_REQUEST' THEN rt.subject
            WHEN 'FILE' THEN f.original_name WHEN 'CHAT_FILE' THEN cf.original_name
          END AS label,
          CASE c.kind WHEN 'POST' THEN p.id WHEN 'COMMENT' THEN cp.id WHEN 'FILE' THEN f.post_id
          END AS post_id,
          CASE WHEN c.kind = 'COMMENT' THEN pc.id END AS comment_id,
          CASE c.kind WHEN 'TASK_COMMENT' THEN ct.id WHEN 'COMPLETION_REQUEST' THEN rt.id
          END AS task_id,
          an.id AS announcement_id, cm.room_id, cm.id AS message_id,
          rt.approved_at
        FROM chosen c
        LEFT JOIN posts p ON c.kind = 'POST' AND p.id = c.item_id
        LEFT JOIN announcements an ON c.kind = 'ANNOUNCEMENT' AND an.id = c.item_id
        LEFT JOIN post_comments pc ON c.kind = 'COMMENT' AND pc.id = c.item_id
        LEFT JOIN posts cp ON cp.id = pc.post_id
        LEFT JOIN kanban_task_comments tc ON c.kind = 'TASK_COMMENT' AND tc.id = c.item_id
        LEFT JOIN kanban_tasks ct ON ct.id = tc.task_id
        LEFT JOIN kanban_tasks rt ON c.kind = 'COMPLETION_REQUEST' AND rt.id = c.item_id
        LEFT JOIN attachments f ON c.kind = 'FILE' AND f.id = c.item_id
        LEFT JOIN chat_attachments cf ON c.kind = 'CHAT_FILE' AND cf.id = c.item_id
        LEFT JOIN chat_messages cm ON cm.id = cf.message_id
        ORDER BY c.at DESC, c.item_id DESC`;
    }
  }
}

/** The team's own chat room (migration 0028), where its messages are counted. */
export async function teamRoomId(db: Db, teamId: number): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM chat_rooms WHERE team_id = ${teamId}`),
  );
  return row?.id ?? null;
}

export async function workspaceName(db: Db, workspaceId: number): Promise<string | null> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT name FROM workspaces WHERE id = ${workspaceId}`),
  );
  return row?.name ?? null;
}
