import type { FreeTimeWeek, SaveFreeTime } from '@teamup/contracts/free-time';
import type { AppContext } from '../../context';
import { listRange } from '../schedules/schedules.service';
import { assertTeamMember, publishToWorkspace } from '../teams/team-access.service';
import { listTeamMembers } from '../teams/team-members.service';
import { presentWeek, weekRange } from './free-time.presenter';
import * as repo from './free-time.repo';

/*
 * A team's common free time (issue 44). Only the team's members take part: they mark their own
 * slots and see everyone's (a workspace admin who reads every team's content is no member of
 * this team and has no free time in it), so both operations ask for membership itself.
 */

async function readWeek(
  ctx: AppContext,
  userId: number,
  teamId: number,
  weekStart: string,
): Promise<FreeTimeWeek> {
  const members = await listTeamMembers(ctx, userId, teamId);
  const rows = await repo.listWeek(ctx.database.db, teamId, weekStart);
  const schedules = await listRange(ctx, userId, teamId, weekRange(weekStart));
  return presentWeek({ teamId, weekStart, viewerId: userId, members, rows, schedules });
}

export async function getWeek(
  ctx: AppContext,
  userId: number,
  teamId: number,
  weekStart: string,
): Promise<FreeTimeWeek> {
  await assertTeamMember(ctx, teamId, userId);
  return readWeek(ctx, userId, teamId, weekStart);
}

export async function saveMyWeek(
  ctx: AppContext,
  userId: number,
  teamId: number,
  weekStart: string,
  input: SaveFreeTime,
): Promise<FreeTimeWeek> {
  const { workspaceId } = await assertTeamMember(ctx, teamId, userId);
  await repo.saveWeek(ctx.database.db, {
    teamId,
    userId,
    weekStart,
    slots: [...input.slots].sort((a, b) => a - b),
    updatedAt: ctx.now(),
  });
  await publishToWorkspace(ctx, workspaceId, {
    type: 'TEAM_FREE_TIME_CHANGED',
    workspaceId,
    teamId,
    weekStart,
    userId,
  });
  return readWeek(ctx, userId, teamId, weekStart);
}
