import { setImmediate as yieldToLoop } from 'node:timers/promises';
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
import { assertTeamOverseeable, teamNotFound } from '../teams/team-access.service';
import { requireClassOverseer } from '../workspaces/class-access.service';
import * as presenter from './contribution.presenter';
import * as repo from './contribution.repo';

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
 * Every team of a class, one row per member of each (class instructors and TAs). Team by team,
 * giving the event loop back between teams, so a class of 60 teams holds it for no long stretch.
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
  const parts = [presenter.csvHead()];
  for (const team of teams) {
    // Staff reach every team of the class; their reading of each is logged for the team.
    await assertMayRead(ctx, userId, team.id);
    const { days, members } = await readTeam(ctx, team, query);
    parts.push(presenter.csvRows(team.name, days, members));
    await yieldToLoop();
  }
  const today = seoulDayOf(ctx.now().getTime());
  return {
    disposition: contentDisposition('attachment', `기여도-${name}-${today}.csv`),
    body: parts.join(''),
  };
}
