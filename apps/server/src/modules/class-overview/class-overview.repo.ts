import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import {
  classNudges,
  evaluationResponses,
  evaluationRounds,
  kanbanLists,
  kanbans,
  kanbanTasks,
  meetingNotes,
  meetingSessions,
  teamActivity,
  teamMembers,
  teams,
  users,
  videoChannels,
  workspaceMembers,
} from '../../db/schema';

/*
 * The instructor's overview (issue 45) as a few set-based statements over every team of one
 * class, each grouped by team: never one query per team. Students are the team's members whose
 * workspace role is not a staff one (`isClassStaff`: instructors and TAs).
 */

type Stamp = Date | string;
const instant = (value: Stamp): Date => (value instanceof Date ? value : new Date(value));
const optionalInstant = (value: Stamp | null): Date | null =>
  value === null ? null : instant(value);

/** The staff roles of a class (workspace-roles.ts `isClassStaff`), who are not students. */
const staffRoles = sql`('INSTRUCTOR', 'TA')`;

export type TeamRow = {
  id: number;
  name: string;
  leaderId: number | null;
  leaderName: string | null;
};

export async function classTeams(db: Db, workspaceId: number): Promise<TeamRow[]> {
  const rows = rowsOf<{
    id: number;
    name: string;
    leader_id: number | null;
    leader_name: string | null;
  }>(
    await db.execute(sql`
      SELECT t.id, t.name, t.leader_id, u.name AS leader_name
      FROM ${teams} t LEFT JOIN ${users} u ON u.id = t.leader_id
      WHERE t.workspace_id = ${workspaceId}
      ORDER BY t.name, t.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    leaderId: row.leader_id,
    leaderName: row.leader_name,
  }));
}

export type StudentRow = {
  teamId: number;
  userId: number;
  name: string;
  joinedAt: Date;
  lastActivityAt: Date | null;
};

/**
 * Every student of every team of the class with their latest activity in that team, from the
 * one definition of activity (the `team_activity` view), grouped by team and person once.
 */
export async function classStudents(db: Db, workspaceId: number): Promise<StudentRow[]> {
  const rows = rowsOf<{
    team_id: number;
    user_id: number;
    name: string;
    joined_at: Stamp;
    last_at: Stamp | null;
  }>(
    await db.execute(sql`
      WITH class_teams AS (
        SELECT id FROM ${teams} WHERE workspace_id = ${workspaceId}
      ),
      latest AS (
        SELECT a.team_id, a.user_id, max(a.at) AS last_at
        FROM ${teamActivity} a
        WHERE a.team_id IN (SELECT id FROM class_teams)
        GROUP BY a.team_id, a.user_id
      )
      SELECT tm.team_id, tm.user_id, u.name, tm.joined_at, latest.last_at
      FROM class_teams ct
      JOIN ${teamMembers} tm ON tm.team_id = ct.id
      JOIN ${workspaceMembers} wm ON wm.workspace_id = ${workspaceId} AND wm.user_id = tm.user_id
      JOIN ${users} u ON u.id = tm.user_id
      LEFT JOIN latest ON latest.team_id = tm.team_id AND latest.user_id = tm.user_id
      WHERE wm.role NOT IN ${staffRoles}
      ORDER BY tm.team_id, u.name, tm.user_id`),
  );
  return rows.map((row) => ({
    teamId: row.team_id,
    userId: row.user_id,
    name: row.name,
    joinedAt: instant(row.joined_at),
    lastActivityAt: optionalInstant(row.last_at),
  }));
}

export type CardCounts = { teamId: number; total: number; approved: number; overdue: number };

/**
 * Each team's cards: all, approved, and overdue (not approved, deadline past). A deadline is a
 * day (YYYY-MM-DD, past when before `today` in Asia/Seoul) or a UTC instant stored in one form
 * (past when not after `now`), compared as text as "내 할 일" does.
 */
export async function classCardCounts(
  db: Db,
  workspaceId: number,
  at: { today: string; now: Date },
): Promise<CardCounts[]> {
  const now = at.now.toISOString();
  const rows = rowsOf<{
    team_id: number;
    total: number | string;
    approved: number | string;
    overdue: number | string;
  }>(
    await db.execute(sql`
      SELECT k.team_id, count(*) AS total,
        count(*) FILTER (WHERE t.is_approved) AS approved,
        count(*) FILTER (
          WHERE NOT t.is_approved AND t.deadline IS NOT NULL AND CASE
            WHEN length(t.deadline) = 10 THEN t.deadline < ${at.today}
            ELSE t.deadline <= ${now} END
        ) AS overdue
      FROM ${teams} tt
      JOIN ${kanbans} k ON k.team_id = tt.id
      JOIN ${kanbanLists} l ON l.kanban_id = k.id
      JOIN ${kanbanTasks} t ON t.list_id = l.id
      WHERE tt.workspace_id = ${workspaceId}
      GROUP BY k.team_id`),
  );
  return rows.map((row) => ({
    teamId: row.team_id,
    total: Number(row.total),
    approved: Number(row.approved),
    overdue: Number(row.overdue),
  }));
}

export type MeetingRow = {
  teamId: number;
  id: number;
  startedAt: Date;
  endedAt: Date | null;
  hasNotes: boolean;
};

/** The meetings that started in [from, to) in the channels of the class's teams. */
export async function classMeetings(
  db: Db,
  workspaceId: number,
  range: { from: Date; to: Date },
): Promise<MeetingRow[]> {
  const rows = rowsOf<{
    team_id: number;
    id: number;
    started_at: Stamp;
    ended_at: Stamp | null;
    has_notes: boolean;
  }>(
    await db.execute(sql`
      SELECT v.team_id, s.id, s.started_at, s.ended_at,
        (n.session_id IS NOT NULL AND btrim(n.content) <> '') AS has_notes
      FROM ${videoChannels} v
      JOIN ${teams} tt ON tt.id = v.team_id AND tt.workspace_id = ${workspaceId}
      JOIN ${meetingSessions} s ON s.channel_id = v.id
      LEFT JOIN ${meetingNotes} n ON n.session_id = s.id
      WHERE v.workspace_id = ${workspaceId}
        AND s.started_at >= ${range.from.toISOString()}
        AND s.started_at < ${range.to.toISOString()}
      ORDER BY s.started_at, s.id`),
  );
  return rows.map((row) => ({
    teamId: row.team_id,
    id: row.id,
    startedAt: instant(row.started_at),
    endedAt: optionalInstant(row.ended_at),
    hasNotes: row.has_notes === true,
  }));
}

export type RoundRow = { id: number; title: string; opensAt: Date; closesAt: Date };

/** The class's latest evaluation round that has opened by `now`. */
export async function latestRound(
  db: Db,
  workspaceId: number,
  now: Date,
): Promise<RoundRow | null> {
  const [row] = rowsOf<{ id: number; title: string; opens_at: Stamp; closes_at: Stamp }>(
    await db.execute(sql`
      SELECT id, title, opens_at, closes_at FROM ${evaluationRounds}
      WHERE workspace_id = ${workspaceId} AND opens_at <= ${now.toISOString()}
      ORDER BY opens_at DESC, id DESC
      LIMIT 1`),
  );
  return row
    ? {
        id: row.id,
        title: row.title,
        opensAt: instant(row.opens_at),
        closesAt: instant(row.closes_at),
      }
    : null;
}

/** Who gave at least one rating in the round, per team they rated in. */
export async function roundRaters(
  db: Db,
  roundId: number,
): Promise<Array<{ teamId: number; raterId: number }>> {
  const rows = rowsOf<{ team_id: number; rater_id: number }>(
    await db.execute(sql`
      SELECT DISTINCT team_id, rater_id FROM ${evaluationResponses} WHERE round_id = ${roundId}`),
  );
  return rows.map((row) => ({ teamId: row.team_id, raterId: row.rater_id }));
}

/** When each team (or one of its students) was last nudged. */
export async function lastNudges(
  db: Db,
  workspaceId: number,
): Promise<Array<{ teamId: number; at: Date }>> {
  const rows = rowsOf<{ team_id: number; at: Stamp }>(
    await db.execute(sql`
      SELECT team_id, max(created_at) AS at FROM ${classNudges}
      WHERE workspace_id = ${workspaceId}
      GROUP BY team_id`),
  );
  return rows.map((row) => ({ teamId: row.team_id, at: instant(row.at) }));
}

// --- nudges ------------------------------------------------------------------------------------

/** The team, when it belongs to the workspace. */
export async function teamOfClass(
  db: Db,
  workspaceId: number,
  teamId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      SELECT id, name FROM ${teams} WHERE id = ${teamId} AND workspace_id = ${workspaceId}`),
  );
  return row ?? null;
}

/** The students of one team (its members who are not class staff). */
export async function teamStudentIds(
  db: Db,
  workspaceId: number,
  teamId: number,
): Promise<number[]> {
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      SELECT tm.user_id FROM ${teamMembers} tm
      JOIN ${workspaceMembers} wm ON wm.workspace_id = ${workspaceId} AND wm.user_id = tm.user_id
      WHERE tm.team_id = ${teamId} AND wm.role NOT IN ${staffRoles}
      ORDER BY tm.user_id`),
  );
  return rows.map((row) => row.user_id);
}

/** An arbitrary first key of this module's advisory locks (the second is the sender). */
const NUDGE_LOCK_CLASS = 45_045;

export type NudgeRow = {
  id: number;
  teamId: number;
  userId: number | null;
  userName: string | null;
  senderId: number | null;
  senderName: string | null;
  message: string;
  createdAt: Date;
};

/**
 * Records a nudge unless the sender nudged the same target (the team, or the same student) since
 * `since`: one sender's nudges are taken one at a time (a transaction-scoped advisory lock), so
 * two at once cannot both pass the check. Answers the nudge, or the time of the earlier one.
 */
export async function recordNudge(
  db: Db,
  nudge: {
    workspaceId: number;
    teamId: number;
    userId: number | null;
    senderId: number;
    message: string;
    at: Date;
    since: Date;
  },
): Promise<{ id: number } | { earlierAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${NUDGE_LOCK_CLASS}::int, ${nudge.senderId}::int)`,
    );
    const [earlier] = rowsOf<{ created_at: Stamp }>(
      await tx.execute(sql`
        SELECT created_at FROM ${classNudges}
        WHERE sender_id = ${nudge.senderId} AND team_id = ${nudge.teamId}
          AND user_id IS NOT DISTINCT FROM ${nudge.userId}::int
          AND created_at > ${nudge.since.toISOString()}
        ORDER BY created_at DESC
        LIMIT 1`),
    );
    if (earlier) return { earlierAt: instant(earlier.created_at) };
    const [made] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        INSERT INTO ${classNudges} (workspace_id, sender_id, team_id, user_id, message, created_at)
        VALUES (${nudge.workspaceId}, ${nudge.senderId}, ${nudge.teamId}, ${nudge.userId}::int,
          ${nudge.message}, ${nudge.at.toISOString()})
        RETURNING id`),
    );
    if (!made) throw new Error('the nudge was not recorded');
    return { id: made.id };
  });
}

/**
 * A team's nudges, newest first: all of them, or (`forMember`) those to the whole team and those
 * to that member.
 */
export async function teamNudges(
  db: Db,
  teamId: number,
  options: { forMember?: number; ids?: number[]; limit: number },
): Promise<NudgeRow[]> {
  const onlyFor =
    options.forMember === undefined
      ? sql``
      : sql` AND (n.user_id IS NULL OR n.user_id = ${options.forMember})`;
  const onlyIds =
    options.ids === undefined
      ? sql``
      : sql` AND n.id IN (${sql.join(
          options.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const rows = rowsOf<{
    id: number;
    team_id: number;
    user_id: number | null;
    user_name: string | null;
    sender_id: number | null;
    sender_name: string | null;
    message: string;
    created_at: Stamp;
  }>(
    await db.execute(sql`
      SELECT n.id, n.team_id, n.user_id, u.name AS user_name, n.sender_id, s.name AS sender_name,
        n.message, n.created_at
      FROM ${classNudges} n
      LEFT JOIN ${users} u ON u.id = n.user_id
      LEFT JOIN ${users} s ON s.id = n.sender_id
      WHERE n.team_id = ${teamId}${onlyFor}${onlyIds}
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT ${options.limit}`),
  );
  return rows.map((row) => ({
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    userName: row.user_name,
    senderId: row.sender_id,
    senderName: row.sender_name,
    message: row.message,
    createdAt: instant(row.created_at),
  }));
}
