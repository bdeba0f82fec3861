import {
  ClassOverviewRules,
  type ClassOverview,
  type ClassOverviewTeam,
  type Nudge,
} from '@teamup/contracts/class-overview';
import type * as repo from './class-overview.repo';

/* Rows of the overview's statements → the contract's objects, team by team. */

const DAY_MS = 86_400_000;
/** Asia/Seoul keeps +09:00 all year (no daylight saving time since 1988). */
const SEOUL_OFFSET_MS = 9 * 3_600_000;

export type OverviewWindow = {
  now: Date;
  /** Today in Asia/Seoul, YYYY-MM-DD. */
  today: string;
  /** This week's Monday in Asia/Seoul, YYYY-MM-DD, and where it and the next one begin. */
  weekStart: string;
  weekFrom: Date;
  weekTo: Date;
  /** Before this instant, a student is inactive (no activity, and in the team since). */
  inactiveBefore: Date;
};

export function overviewWindow(now: Date): OverviewWindow {
  const wall = now.getTime() + SEOUL_OFFSET_MS;
  const todayStartWall = Math.floor(wall / DAY_MS) * DAY_MS;
  // getUTCDay: 0 is Sunday; weeks here run Monday to Sunday.
  const weekday = new Date(todayStartWall).getUTCDay() || 7;
  const mondayWall = todayStartWall - (weekday - 1) * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    now,
    today: day(todayStartWall),
    weekStart: day(mondayWall),
    weekFrom: new Date(mondayWall - SEOUL_OFFSET_MS),
    weekTo: new Date(mondayWall + 7 * DAY_MS - SEOUL_OFFSET_MS),
    inactiveBefore: new Date(now.getTime() - ClassOverviewRules.inactiveDays * DAY_MS),
  };
}

/** Groups rows by their team. */
function byTeam<T extends { teamId: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.teamId);
    if (list) list.push(row);
    else grouped.set(row.teamId, [row]);
  }
  return grouped;
}

export type OverviewRows = {
  workspaceId: number;
  window: OverviewWindow;
  teams: repo.TeamRow[];
  students: repo.StudentRow[];
  cards: repo.CardCounts[];
  meetings: repo.MeetingRow[];
  round: repo.RoundRow | null;
  raters: Array<{ teamId: number; raterId: number }>;
  nudges: Array<{ teamId: number; at: Date }>;
};

export function presentOverview(rows: OverviewRows): ClassOverview {
  const { window } = rows;
  const students = byTeam(rows.students);
  const cards = new Map(rows.cards.map((row) => [row.teamId, row]));
  const meetings = byTeam(rows.meetings);
  const raters = new Map<number, Set<number>>();
  for (const { teamId, raterId } of rows.raters) {
    const set = raters.get(teamId) ?? new Set<number>();
    set.add(raterId);
    raters.set(teamId, set);
  }
  const nudged = new Map(rows.nudges.map((row) => [row.teamId, row.at]));
  const inactiveBefore = window.inactiveBefore.getTime();

  const teams = rows.teams.map((team): ClassOverviewTeam => {
    const members = (students.get(team.id) ?? []).map((student) => {
      const since = Math.max(student.lastActivityAt?.getTime() ?? 0, student.joinedAt.getTime());
      return {
        id: student.userId,
        name: student.name,
        lastActivityAt: student.lastActivityAt?.toISOString() ?? null,
        inactive: since <= inactiveBefore,
      };
    });
    const latest = (students.get(team.id) ?? []).reduce<number | null>((found, student) => {
      const at = student.lastActivityAt?.getTime();
      return at === undefined ? found : found === null ? at : Math.max(found, at);
    }, null);
    const counts = cards.get(team.id);
    const total = counts?.total ?? 0;
    const approved = counts?.approved ?? 0;
    const rated = raters.get(team.id);
    return {
      id: team.id,
      name: team.name,
      leader: team.leaderId === null ? null : { id: team.leaderId, name: team.leaderName ?? '' },
      members,
      totalCards: total,
      approvedCards: approved,
      progress: total === 0 ? 0 : Math.round((100 * approved) / total),
      overdueCards: counts?.overdue ?? 0,
      lastActivityAt: latest === null ? null : new Date(latest).toISOString(),
      meetingsThisWeek: (meetings.get(team.id) ?? []).map((meeting) => ({
        id: meeting.id,
        startedAt: meeting.startedAt.toISOString(),
        endedAt: meeting.endedAt?.toISOString() ?? null,
        hasNotes: meeting.hasNotes,
      })),
      evaluation:
        rows.round === null
          ? null
          : {
              submitted: members.filter((member) => rated?.has(member.id) === true).length,
              total: members.length,
            },
      lastNudgedAt: nudged.get(team.id)?.toISOString() ?? null,
    };
  });

  return {
    workspaceId: rows.workspaceId,
    asOf: window.now.toISOString(),
    weekStart: window.weekStart,
    inactiveDays: ClassOverviewRules.inactiveDays,
    round:
      rows.round === null
        ? null
        : {
            id: rows.round.id,
            title: rows.round.title,
            opensAt: rows.round.opensAt.toISOString(),
            closesAt: rows.round.closesAt.toISOString(),
          },
    teams,
  };
}

export function presentNudge(row: repo.NudgeRow, recipients = 0): Nudge {
  return {
    id: row.id,
    teamId: row.teamId,
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    sender: row.senderId === null ? null : { id: row.senderId, name: row.senderName ?? '' },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    recipients,
  };
}
