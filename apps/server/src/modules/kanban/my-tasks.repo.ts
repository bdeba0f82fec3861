import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import {
  kanbanLists,
  kanbans,
  kanbanTaskAssignees,
  kanbanTasks,
  teamMembers,
  teams,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import type { DueWindow } from './my-tasks-window';

/** The groups of contracts/my-tasks.ts by their rank in the list (1 first). */
export const groupRanks = { OVERDUE: 1, TODAY: 2, THIS_WEEK: 3, LATER: 4, NO_DATE: 5 } as const;
export type GroupRank = (typeof groupRanks)[keyof typeof groupRanks];
/** The ranks as literals in the statement: parameters in a CASE would have no type. */
const rankSql = Object.fromEntries(
  Object.entries(groupRanks).map(([group, rank]) => [group, sql.raw(String(rank))]),
) as Record<keyof typeof groupRanks, SQL>;

export type MyTaskRow = {
  id: number;
  subject: string;
  deadline: string | null;
  rank: GroupRank;
  done: boolean;
  isApproved: boolean;
  completionRequested: boolean;
  rejected: boolean;
  listId: number;
  listName: string;
  listIsDone: boolean;
  teamId: number;
  teamName: string;
  workspaceId: number;
  workspaceName: string;
  updatedAt: Date | string;
};

export type MyTaskFilter = {
  userId: number;
  window: DueWindow;
  workspaceId?: number;
  teamId?: number;
  includeDone: boolean;
  rank?: GroupRank;
};

/**
 * Due times are stored as UTC instants in one form (`2026-11-30T15:00:00.000Z`, the contract's
 * transform), so they compare as text: no cast per row (on the embedded database a cast was most
 * of the query's cost). A day deadline (YYYY-MM-DD) is ordered as the end of its day in the
 * caller's zone: that instant's text is the day followed by `daySuffix` for zones east of UTC;
 * west of it the end falls on the next UTC day, and the day is ordered at its UTC end instead
 * (among due times of the same few hours only).
 */
function daySuffix(window: DueWindow): string {
  const minutes = 24 * 60 - window.offsetMinutes;
  if (minutes >= 24 * 60) return 'T24:00:00.000Z';
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `T${hh}:${mm}:00.000Z`;
}

/**
 * The caller's assigned cards as one derived table of what ordering and counting need: every card
 * assigned to them on the board of a team they are a member of (in a workspace they are still
 * in), with its group rank and a key to order by. The teams come first (a handful), then their
 * boards' cards with the caller among the assignees.
 */
function myCards(filter: MyTaskFilter): SQL {
  const { window } = filter;
  const today = window.today;
  const sunday = window.sunday;
  const now = window.now.toISOString();
  const tomorrowStart = window.tomorrowStart.toISOString();
  const nextMondayStart = window.nextMondayStart.toISOString();
  const narrowed = [
    filter.workspaceId === undefined ? sql`` : sql` AND tt.workspace_id = ${filter.workspaceId}`,
    filter.teamId === undefined ? sql`` : sql` AND tt.id = ${filter.teamId}`,
  ];
  return sql`
    WITH my_teams AS (
      SELECT tt.id AS team_id, tt.workspace_id
      FROM ${teamMembers} tm
      JOIN ${teams} tt ON tt.id = tm.team_id
      JOIN ${workspaceMembers} wm ON wm.workspace_id = tt.workspace_id AND wm.user_id = ${filter.userId}
      WHERE tm.user_id = ${filter.userId}${narrowed[0]}${narrowed[1]}
    )
    SELECT t.id, mt.team_id, mt.workspace_id, t.list_id,
      (t.is_approved OR l.is_done) AS done,
      CASE
        WHEN t.deadline IS NULL THEN ${rankSql.NO_DATE}
        WHEN length(t.deadline) = 10 THEN CASE
          WHEN t.deadline < ${today} THEN ${rankSql.OVERDUE}
          WHEN t.deadline = ${today} THEN ${rankSql.TODAY}
          WHEN t.deadline <= ${sunday} THEN ${rankSql.THIS_WEEK}
          ELSE ${rankSql.LATER} END
        ELSE CASE
          WHEN t.deadline <= ${now} THEN ${rankSql.OVERDUE}
          WHEN t.deadline < ${tomorrowStart} THEN ${rankSql.TODAY}
          WHEN t.deadline < ${nextMondayStart} THEN ${rankSql.THIS_WEEK}
          ELSE ${rankSql.LATER} END
      END AS rank,
      CASE WHEN length(t.deadline) = 10 THEN t.deadline || ${daySuffix(window)} ELSE t.deadline END
        COLLATE "C" AS due
    FROM my_teams mt
    JOIN ${kanbans} k ON k.team_id = mt.team_id
    JOIN ${kanbanLists} l ON l.kanban_id = k.id
    JOIN ${kanbanTasks} t ON t.list_id = l.id
    WHERE EXISTS (
      SELECT 1 FROM ${kanbanTaskAssignees} a WHERE a.task_id = t.id AND a.user_id = ${filter.userId}
    )`;
}

function chosen(filter: MyTaskFilter): SQL {
  return sql`WHERE TRUE${filter.includeDone ? sql`` : sql` AND NOT done`}${
    filter.rank === undefined ? sql`` : sql` AND rank = ${filter.rank}::int`
  }`;
}

type RawRow = {
  id: number;
  subject: string;
  deadline: string | null;
  rank: number;
  done: boolean;
  is_approved: boolean;
  completion_requested: boolean;
  rejected: boolean;
  updated_at: Date | string;
  list_id: number;
  list_name: string;
  list_is_done: boolean;
  team_id: number;
  team_name: string;
  workspace_id: number;
  workspace_name: string;
  total: number | string;
};

/**
 * One page of the caller's cards (overdue first, then by due time, undated last) and how many
 * there are in all; past the last page, the count is asked for on its own.
 */
export async function myTaskPage(
  db: Db,
  filter: MyTaskFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: MyTaskRow[]; total: number }> {
  const raw = rowsOf<RawRow>(
    await db.execute(sql`
      WITH mine AS (${myCards(filter)}),
      chosen AS (
        SELECT id, rank, due, done, team_id, workspace_id, list_id, count(*) OVER () AS total
        FROM mine ${chosen(filter)}
        ORDER BY rank, due NULLS LAST, id
        LIMIT ${page.limit} OFFSET ${page.offset}
      )
      SELECT c.id, c.rank, c.done, c.total, t.subject, t.deadline, t.is_approved,
        t.completion_requested, t.rejected, t.updated_at, l.id AS list_id, l.name AS list_name,
        l.is_done AS list_is_done, tt.id AS team_id, tt.name AS team_name,
        w.id AS workspace_id, w.name AS workspace_name
      FROM chosen c
      JOIN ${kanbanTasks} t ON t.id = c.id
      JOIN ${kanbanLists} l ON l.id = c.list_id
      JOIN ${teams} tt ON tt.id = c.team_id
      JOIN ${workspaces} w ON w.id = c.workspace_id
      ORDER BY c.rank, c.due NULLS LAST, c.id`),
  );
  const total =
    raw[0] !== undefined
      ? Number(raw[0].total)
      : page.offset === 0
        ? 0
        : Number(
            rowsOf<{ total: number | string }>(
              await db.execute(sql`
                WITH mine AS (${myCards(filter)})
                SELECT count(*) AS total FROM mine ${chosen(filter)}`),
            )[0]?.total ?? 0,
          );
  return {
    total,
    rows: raw.map((row) => ({
      id: row.id,
      subject: row.subject,
      deadline: row.deadline,
      rank: Number(row.rank) as GroupRank,
      done: row.done,
      isApproved: row.is_approved,
      completionRequested: row.completion_requested,
      rejected: row.rejected,
      listId: row.list_id,
      listName: row.list_name,
      listIsDone: row.list_is_done,
      teamId: row.team_id,
      teamName: row.team_name,
      workspaceId: row.workspace_id,
      workspaceName: row.workspace_name,
      updatedAt: row.updated_at,
    })),
  };
}

/** The caller's cards not done, and those of them overdue. */
export async function myTaskCount(db: Db, filter: Omit<MyTaskFilter, 'includeDone' | 'rank'>) {
  const [row] = rowsOf<{ open: number | string; overdue: number | string }>(
    await db.execute(sql`
      WITH mine AS (${myCards({ ...filter, includeDone: false })})
      SELECT count(*) FILTER (WHERE NOT done) AS open,
        count(*) FILTER (WHERE NOT done AND rank = ${rankSql.OVERDUE}) AS overdue
      FROM mine`),
  );
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}

export type DeadlineRow = {
  id: number;
  subject: string;
  deadline: string;
  listName: string;
  teamName: string;
  updatedAt: Date;
};

/** The deadlines of the caller's cards not done, in teams they are still in (the calendar feed). */
export async function myOpenDeadlines(db: Db, userId: number): Promise<DeadlineRow[]> {
  const rows = rowsOf<{
    id: number;
    subject: string;
    deadline: string;
    list_name: string;
    team_name: string;
    updated_at: Date | string;
  }>(
    await db.execute(sql`
      SELECT t.id, t.subject, t.deadline, l.name AS list_name, tt.name AS team_name, t.updated_at
      FROM ${teamMembers} tm
      JOIN ${teams} tt ON tt.id = tm.team_id
      JOIN ${workspaceMembers} wm ON wm.workspace_id = tt.workspace_id AND wm.user_id = ${userId}
      JOIN ${kanbans} k ON k.team_id = tt.id
      JOIN ${kanbanLists} l ON l.kanban_id = k.id AND NOT l.is_done
      JOIN ${kanbanTasks} t ON t.list_id = l.id
      WHERE tm.user_id = ${userId} AND t.deadline IS NOT NULL AND NOT t.is_approved
        AND EXISTS (
          SELECT 1 FROM ${kanbanTaskAssignees} a WHERE a.task_id = t.id AND a.user_id = ${userId}
        )
      ORDER BY t.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    deadline: row.deadline,
    listName: row.list_name,
    teamName: row.team_name,
    updatedAt: new Date(row.updated_at),
  }));
}
