import {
  ContributionMessages as M,
  ContributionRange,
  daysBetween,
  seoulDayOf,
  seoulDayStart,
  shiftDay,
  type ContributionItem,
  type ContributionItemsQuery,
  type ContributionQuery,
  type TeamContribution,
} from '@teamup/contracts/contribution';
import { toPage, type Page } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors/app-error';
import { contentDisposition } from '../../platform/storage/uploads';
import { assertTeamOverseeable, logTeamReads, teamNotFound } from '../teams/team-access.service';
import { requireClassOverseer } from '../workspaces/class-access.service';
import * as presenter from './contribution.presenter';
import * as repo from './contribution.repo';

export { emptyNumbers, type Numbers as ContributionNumbers } from './contribution.repo';

/*
 * Contribution evidence (issue 45): a team's members and, in a class, its instructors and TAs
 * (whose reading is logged) read who did what over a range of Seoul days, each number with the
 * items behind it, and as CSV; the class's staff export every team at once.
 */

type DayRange = { from: string; to: string; teamCreatedOn: string; range: repo.Range };

/** The days asked for, or the team's whole life up to today; as instants [start, end). */
function rangeOf(ctx: AppContext, team: repo.TeamHead, query: ContributionQuery): DayRange {
  const now = ctx.now();
  const teamCreatedOn = seoulDayOf(team.createdAt.getTime());
  const today = seoulDayOf(now.getTime());
  const from =
    query.from ?? (query.to !== undefined && query.to < teamCreatedOn ? query.to : teamCreatedOn);
  const to = query.to ?? (from > today ? from : today);
  const field = query.from === undefined ? 'to' : 'from';
  if (from > to) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.badRange, [{ field, message: M.badRange }]);
  }
  if (daysBetween(from, to) > ContributionRange.maxDays) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.rangeTooLong, [
      { field, message: M.rangeTooLong },
    ]);
  }
  return {
    from,
    to,
    teamCreatedOn,
    range: {
      start: new Date(seoulDayStart(from)),
      end: new Date(seoulDayStart(shiftDay(to, 1))),
      now,
    },
  };
}

async function loadTeam(ctx: AppContext, teamId: number): Promise<repo.TeamHead> {
  const team = await repo.findTeam(ctx.database.db, teamId);
  if (!team) throw teamNotFound();
  return team;
}

/** The access step of the team's routes: its members, or the class's instructors and TAs. */
export async function assertMayRead(ctx: AppContext, userId: number, teamId: number) {
  return assertTeamOverseeable(ctx, teamId, userId, 'CONTRIBUTION');
}

async function readTeam(ctx: AppContext, team: repo.TeamHead, query: ContributionQuery) {
  const days = rangeOf(ctx, team, query);
  const db = ctx.database.db;
  const [members, numbers] = await Promise.all([
    repo.membersOf(db, team.id),
    repo.teamNumbers(db, team.id, days.range),
  ]);
  return { days, members: presenter.presentMembers(team, members, numbers) };
}

/** Staff reach every team of the class; their reading of each team they are not in is logged. */
async function logReadsOfOthersTeams(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  membersByTeam: Map<number, repo.MemberHead[]>,
) {
  await logTeamReads(
    ctx,
    [...membersByTeam]
      .filter(([, members]) => !members.some((member) => member.userId === userId))
      .map(([teamId]) => ({ workspaceId, teamId, readerId: userId, area: 'CONTRIBUTION' })),
  );
}

/**
 * The members and numbers of several teams, each over its own range, in three statements and
 * one: the class export, and the evidence beside each student of an evaluation's results.
 */
export async function readTeams(
  ctx: AppContext,
  teams: Array<{ team: repo.TeamHead; range: repo.Range }>,
) {
  const db = ctx.database.db;
  const [members, numbers] = await Promise.all([
    repo.membersOfTeams(
      db,
      teams.map(({ team }) => team.id),
    ),
    repo.teamsNumbers(
      db,
      teams.map(({ team, range }) => ({ teamId: team.id, start: range.start, end: range.end })),
      ctx.now(),
    ),
  ]);
  return { members, numbers };
}

/**
 * Each team's numbers over its life up to the Seoul day `until`, by team: the evidence beside
 * each student of an evaluation's results. Read by the class's staff, and logged as their
 * reading of each team's contribution.
 */
export async function classEvidence(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  until: string,
): Promise<Map<number, { from: string; to: string; numbers: Map<number, repo.Numbers> }>> {
  const teams = await repo.teamsOfWorkspace(ctx.database.db, workspaceId);
  const spans = teams.map((team) => {
    const created = seoulDayOf(team.createdAt.getTime());
    const earliest = shiftDay(until, 1 - ContributionRange.maxDays);
    const from = created > until ? until : created < earliest ? earliest : created;
    const range = {
      start: new Date(seoulDayStart(from)),
      end: new Date(seoulDayStart(shiftDay(until, 1))),
      now: ctx.now(),
    };
    return { team, from, range };
  });
  const { members, numbers } = await readTeams(ctx, spans);
  await logReadsOfOthersTeams(ctx, userId, workspaceId, members);
  return new Map(
    spans.map(({ team, from }) => [
      team.id,
      { from, to: until, numbers: numbers.get(team.id) ?? new Map<number, repo.Numbers>() },
    ]),
  );
}

export async function teamContribution(
  ctx: AppContext,
  userId: number,
  teamId: number,
  query: ContributionQuery,
): Promise<TeamContribution> {
  await assertMayRead(ctx, userId, teamId);
  const team = await loadTeam(ctx, teamId);
  const { days, members } = await readTeam(ctx, team, query);
  return presenter.presentTeam(team, days, members);
}

export async function contributionItems(
  ctx: AppContext,
  userId: number,
  teamId: number,
  query: ContributionItemsQuery,
): Promise<Page<ContributionItem>> {
  await assertMayRead(ctx, userId, teamId);
  const team = await loadTeam(ctx, teamId);
  const { range } = rangeOf(ctx, team, query);
  const db = ctx.database.db;
  const args = { teamId, userId: query.userId, kind: query.kind, range };
  const found = await repo.items(db, {
    ...args,
    page: { offset: query.page * query.size, limit: query.size },
  });
  const total = found.total >= 0 ? found.total : await repo.itemCount(db, args);
  const roomId = query.kind === 'MESSAGE' ? await repo.teamRoomId(db, teamId) : null;
  return toPage(
    found.rows.map((row) => presenter.presentItem(query.kind, row, roomId)),
    total,
    query,
  );
}

export type CsvFile = { disposition: string; body: string };

export async function teamCsv(
  ctx: AppContext,
  userId: number,
  teamId: number,
  query: ContributionQuery,
): Promise<CsvFile> {
  await assertMayRead(ctx, userId, teamId);
  const team = await loadTeam(ctx, teamId);
  const { days, members } = await readTeam(ctx, team, query);
  return {
    disposition: contentDisposition(
      'attachment',
      `기여도-${team.name}-${days.from}-${days.to}.csv`,
    ),
    body: presenter.csvHead() + presenter.csvRows(team.name, days, members),
  };
}

/**
 * Every team of a class, one row per member of each (class instructors and TAs): a handful of
 * statements whatever the number of teams, each team over its own range (its life by default).
 */
export async function classCsv(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  query: ContributionQuery,
): Promise<CsvFile> {
  await requireClassOverseer(ctx, workspaceId, userId);
  const db = ctx.database.db;
  const name = (await repo.workspaceName(db, workspaceId)) ?? '';
  const teams = await repo.teamsOfWorkspace(db, workspaceId);
  const ranges = teams.map((team) => rangeOf(ctx, team, query));
  const { members, numbers } = await readTeams(
    ctx,
    teams.map((team, index) => ({ team, range: (ranges[index] as DayRange).range })),
  );
  await logReadsOfOthersTeams(ctx, userId, workspaceId, members);
  const parts = [presenter.csvHead()];
  teams.forEach((team, index) => {
    const rows = presenter.presentMembers(
      team,
      members.get(team.id) ?? [],
      numbers.get(team.id) ?? new Map<number, repo.Numbers>(),
    );
    parts.push(presenter.csvRows(team.name, ranges[index] as DayRange, rows));
  });
  const today = seoulDayOf(ctx.now().getTime());
  return {
    disposition: contentDisposition('attachment', `기여도-${name}-${today}.csv`),
    body: parts.join(''),
  };
}
