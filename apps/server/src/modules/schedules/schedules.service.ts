import { toPage, type Page, type PageQuery } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  ALL_DAY_MS,
  ScheduleMessages as M,
  type Schedule,
  type scheduleInputSchema,
} from '@teamup/contracts/schedules';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors/app-error';
import { assertTeamContentAccess, publishTeamContentChange } from '../teams/team-access.service';
import { presentSchedule } from './schedules.presenter';
import { assertMayChangeSchedule } from './schedules.policy';
import * as repo from './schedules.repo';
import { emitDomainEvent } from '../../platform/domain-events';

type ScheduleInput = z.output<typeof scheduleInputSchema>;

/**
 * When a schedule ends: as asked, else a deadline ends when it starts and an all-day event with
 * its day (the schema lets only those two leave the end out).
 */
function endOf(input: ScheduleInput): Date {
  const start = Date.parse(input.startDate);
  if (input.endDate !== undefined) return new Date(input.endDate);
  return new Date(input.allDay ? start + ALL_DAY_MS : start);
}

const scheduleNotFound = () => notFound(M.notFound, ErrorCode.SCHEDULE_NOT_FOUND);

async function presentById(ctx: AppContext, id: number): Promise<Schedule> {
  const view = await repo.findView(ctx.database.db, id);
  if (!view) throw scheduleNotFound();
  return presentSchedule(view);
}

export async function listSchedules(
  ctx: AppContext,
  userId: number,
  teamId: number,
  query: PageQuery,
): Promise<Page<Schedule>> {
  await assertTeamContentAccess(ctx, teamId, userId);
  const { rows, total } = await repo.listPage(ctx.database.db, teamId, {
    offset: query.page * query.size,
    limit: query.size,
  });
  return toPage(rows.map(presentSchedule), total, query);
}

export async function listRange(
  ctx: AppContext,
  userId: number,
  teamId: number,
  range: { startDate: string; endDate: string },
): Promise<Schedule[]> {
  await assertTeamContentAccess(ctx, teamId, userId);
  const rows = await repo.listOverlapping(
    ctx.database.db,
    teamId,
    new Date(range.startDate),
    new Date(range.endDate),
  );
  return rows.map(presentSchedule);
}

export async function createSchedule(
  ctx: AppContext,
  userId: number,
  teamId: number,
  input: ScheduleInput,
): Promise<Schedule> {
  const team = await assertTeamContentAccess(ctx, teamId, userId);
  const now = ctx.now();
  const id = await repo.insert(ctx.database.db, {
    teamId,
    creatorId: userId,
    title: input.title,
    description: input.scheduleDesc ?? null,
    type: input.type,
    startsAt: new Date(input.startDate),
    endsAt: endOf(input),
    createdAt: now,
    updatedAt: now,
  });
  await publishTeamContentChange(ctx, { teamId, workspaceId: team.workspaceId }, 'SCHEDULES');
  await emitDomainEvent(ctx, {
    type: 'SCHEDULE_CHANGED',
    teamId,
    actorId: userId,
    title: input.title,
    change: 'CREATED',
  });
  return presentById(ctx, id);
}

/** The schedule of this team, after checking the caller is its creator or the team leader. */
async function loadEditable(ctx: AppContext, userId: number, teamId: number, id: number) {
  const team = await assertTeamContentAccess(ctx, teamId, userId);
  const view = await repo.findView(ctx.database.db, id);
  if (!view || view.schedule.teamId !== teamId) throw scheduleNotFound();
  assertMayChangeSchedule(view.schedule, team, userId);
  return { view, workspaceId: team.workspaceId };
}

export async function updateSchedule(
  ctx: AppContext,
  userId: number,
  teamId: number,
  id: number,
  input: ScheduleInput,
): Promise<Schedule> {
  const { workspaceId } = await loadEditable(ctx, userId, teamId, id);
  await repo.update(ctx.database.db, id, {
    title: input.title,
    description: input.scheduleDesc ?? null,
    type: input.type,
    startsAt: new Date(input.startDate),
    endsAt: endOf(input),
    updatedAt: ctx.now(),
  });
  await publishTeamContentChange(ctx, { teamId, workspaceId }, 'SCHEDULES');
  await emitDomainEvent(ctx, {
    type: 'SCHEDULE_CHANGED',
    teamId,
    actorId: userId,
    title: input.title,
    change: 'UPDATED',
  });
  return presentById(ctx, id);
}

export async function deleteSchedule(
  ctx: AppContext,
  userId: number,
  teamId: number,
  id: number,
): Promise<void> {
  const { workspaceId } = await loadEditable(ctx, userId, teamId, id);
  await repo.remove(ctx.database.db, id);
  await publishTeamContentChange(ctx, { teamId, workspaceId }, 'SCHEDULES');
}
