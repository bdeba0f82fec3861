import { toPage, type Page, type PageQuery } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  allDayEnd,
  ScheduleMessages as M,
  type Schedule,
  type scheduleInputSchema,
} from '@teamup/contracts/schedules';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors/app-error';
import {
  assertTeamContentAccess,
  publishTeamContentChange,
  reading,
  writing,
} from '../teams/team-access.service';
import { presentSchedule } from './schedules.presenter';
import { assertMayChangeSchedule } from './schedules.policy';
import * as repo from './schedules.repo';
import { emitDomainEvent } from '../../platform/domain-events';
import { recurrenceColumns } from './recurrence';
import { listOccurrences } from './schedules.series.service';
import { cancelScheduleReminders, setScheduleReminders } from './schedule-reminders';

export type ScheduleInput = z.output<typeof scheduleInputSchema>;

/**
 * When a schedule ends: an all-day event with its (last) day, else as asked, else a deadline
 * ends when it starts (the schema lets only those two leave the end out).
 */
export function endOf(input: ScheduleInput): Date {
  const start = Date.parse(input.startDate);
  const end = input.endDate === undefined ? undefined : Date.parse(input.endDate);
  if (input.allDay) return new Date(allDayEnd(start, end));
  return new Date(end ?? start);
}

export const scheduleNotFound = () => notFound(M.notFound, ErrorCode.SCHEDULE_NOT_FOUND);

export async function presentById(ctx: AppContext, id: number): Promise<Schedule> {
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
  await assertTeamContentAccess(ctx, teamId, userId, reading('SCHEDULES'));
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
  await assertTeamContentAccess(ctx, teamId, userId, reading('SCHEDULES'));
  const from = new Date(range.startDate);
  const to = new Date(range.endDate);
  const [rows, occurrences] = await Promise.all([
    repo.listOverlapping(ctx.database.db, teamId, from, to),
    listOccurrences(ctx, teamId, from, to),
  ]);
  if (occurrences.length === 0) return rows.map(presentSchedule);
  return [...rows.map(presentSchedule), ...occurrences].sort(
    (a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id,
  );
}

export async function createSchedule(
  ctx: AppContext,
  userId: number,
  teamId: number,
  input: ScheduleInput,
): Promise<Schedule> {
  const team = await assertTeamContentAccess(ctx, teamId, userId, writing('SCHEDULES'));
  const now = ctx.now();
  const startsAt = new Date(input.startDate);
  const endsAt = endOf(input);
  const id = await repo.insert(ctx.database.db, {
    teamId,
    creatorId: userId,
    title: input.title,
    description: input.scheduleDesc ?? null,
    type: input.type,
    startsAt,
    endsAt,
    ...recurrenceColumns(input.recurrenceRule, startsAt, endsAt),
    createdAt: now,
    updatedAt: now,
  });
  await setScheduleReminders(ctx, id, input.reminders ?? []);
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
export async function loadEditable(ctx: AppContext, userId: number, teamId: number, id: number) {
  const team = await assertTeamContentAccess(ctx, teamId, userId, writing('SCHEDULES'));
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
  const startsAt = new Date(input.startDate);
  const endsAt = endOf(input);
  await repo.update(ctx.database.db, id, {
    title: input.title,
    description: input.scheduleDesc ?? null,
    type: input.type,
    startsAt,
    endsAt,
    ...recurrenceColumns(input.recurrenceRule, startsAt, endsAt),
    updatedAt: ctx.now(),
  });
  await setScheduleReminders(ctx, id, input.reminders);
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
  await cancelScheduleReminders(ctx, id);
  await publishTeamContentChange(ctx, { teamId, workspaceId }, 'SCHEDULES');
}

/** Arms the reminder jobs of schedules written elsewhere (a workspace import), in its transaction. */
export { scheduleReminderJobs } from './schedule-reminders';
