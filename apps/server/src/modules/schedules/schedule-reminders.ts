import { NotificationTexts as T } from '@teamup/contracts/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { defineJobKind } from '../../platform/jobs/job-kind';
import { notifyInJob } from '../notifications/notifications.service';
import { isOccurrence, occurrenceStarts } from './recurrence';
import * as repo from './schedule-reminders.repo';
import { exdatesOf, isExcluded } from './schedules.series.repo';

/*
 * Calendar event reminders (issue 44, decision 0045): the minutes before its start chosen with the
 * event, one job per event and offset ("schedules.reminder:7:30"), for the team's members when it
 * is sent. Kept apart from schedules.service.ts, which calls only `setScheduleReminders` and
 * `cancelScheduleReminders`.
 */

const keyPrefix = (scheduleId: number) => `schedules.reminder:${scheduleId}:`;
const reminderKey = (scheduleId: number, minutes: number) => `${keyPrefix(scheduleId)}${minutes}`;

/** The web app's address of an event in its team's calendar. */
const eventLink = (workspaceId: number, teamId: number, scheduleId: number) =>
  `/ws/${workspaceId}/team/${teamId}?tab=calendar&schedule=${scheduleId}`;

type ReminderPayload = { scheduleId: number; minutes: number; startsAt: string };

/** How far ahead the next occurrence of a series is looked for (a range's bound, decision 0046). */
const NEXT_OCCURRENCE_WITHIN_MS = 400 * 86_400_000;

type EventToRemind = NonNullable<Awaited<ReturnType<typeof repo.scheduleToRemind>>>;

/**
 * The start a reminder `minutes` before is for, its time still to come: a single event's start,
 * or a series' next occurrence (not one called off or edited on its own) whose reminder time is
 * after `now`; null when there is none. Only the next occurrence of a series is ever reminded:
 * its reminder's run schedules the one after.
 */
async function startToRemind(
  db: Db,
  event: EventToRemind,
  minutes: number,
  now: Date,
): Promise<Date | null> {
  const ahead = minutes * 60_000;
  if (!event.recurrenceRule) {
    return event.startsAt.getTime() - ahead > now.getTime() ? event.startsAt : null;
  }
  const from = new Date(now.getTime() + ahead + 1);
  const to = new Date(from.getTime() + NEXT_OCCURRENCE_WITHIN_MS);
  const series = { rule: event.recurrenceRule, startsAt: event.startsAt, endsAt: event.endsAt };
  const excluded = (await exdatesOf(db, [event.id], to)).get(event.id) ?? new Set<number>();
  return (
    occurrenceStarts(series, from, to).find(
      (start) => start.getTime() >= from.getTime() && !excluded.has(start.getTime()),
    ) ?? null
  );
}

/** Whether `start` is still a start the event is reminded for (checked when a reminder runs). */
async function stillStartsAt(db: Db, event: EventToRemind, start: Date): Promise<boolean> {
  if (!event.recurrenceRule) return event.startsAt.getTime() === start.getTime();
  const series = { rule: event.recurrenceRule, startsAt: event.startsAt, endsAt: event.endsAt };
  return isOccurrence(series, start) && !(await isExcluded(db, event.id, start));
}

/**
 * Stores the event's reminders (`reminders` left out: those it has) and schedules their jobs, in
 * one transaction: a moved start moves them, an offset taken away cancels its job, and a
 * reminder's time already past is not sent.
 */
export async function setScheduleReminders(
  ctx: AppContext,
  scheduleId: number,
  reminders: readonly number[] | undefined,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    if (reminders !== undefined) await repo.setReminders(tx, scheduleId, reminders);
    await scheduleReminderJobs(ctx, tx, scheduleId);
  });
}

/** The jobs of the event's reminders as it stands in `db`. */
export async function scheduleReminderJobs(ctx: AppContext, db: Db, scheduleId: number) {
  // Pending jobs of offsets no longer chosen go; those kept are scheduled again just below (a job
  // already done for the same time stays done: cancelling deletes only pending ones).
  await ctx.jobs.cancelByPrefix(keyPrefix(scheduleId), db);
  const event = await repo.scheduleToRemind(db, scheduleId);
  if (!event) return;
  const now = ctx.now();
  for (const minutes of event.reminders) await scheduleReminder(ctx, db, event, minutes, now);
}

/** The job of the event's reminder `minutes` before its next start to remind of, if any. */
async function scheduleReminder(
  ctx: AppContext,
  db: Db,
  event: EventToRemind,
  minutes: number,
  now: Date,
) {
  const start = await startToRemind(db, event, minutes, now);
  if (!start) return;
  await ctx.jobs.schedule(
    scheduleReminderJob,
    reminderKey(event.id, minutes),
    new Date(start.getTime() - minutes * 60_000),
    { scheduleId: event.id, minutes, startsAt: start.toISOString() },
    db,
  );
}

/** The event was deleted: its reminders go. */
export async function cancelScheduleReminders(ctx: AppContext, scheduleId: number) {
  await ctx.jobs.cancelByPrefix(keyPrefix(scheduleId));
}

/**
 * A reminder falls due: checked again now — the event still exists, starts when the job was made
 * for and still has this reminder — then each member of its team now is told.
 */
export const scheduleReminderJob = defineJobKind<ReminderPayload>({
  kind: 'schedules.reminder',
  maxAttempts: 3,
  async handle(job, run) {
    const { scheduleId, minutes, startsAt } = job.payload;
    const event = await repo.scheduleToRemind(run.db, scheduleId);
    if (!event || !event.reminders.includes(minutes)) return;
    if (!(await stillStartsAt(run.db, event, new Date(startsAt)))) return;
    const members = await repo.teamMemberIds(run.db, event.teamId);
    await notifyInJob(run, 'SCHEDULE_REMINDER', members, {
      message: T.scheduleReminder(event.teamName, event.title, minutes),
      link: eventLink(event.workspaceId, event.teamId, scheduleId),
      access: { teamId: event.teamId },
      tag: `schedule-reminder:${scheduleId}`,
    });
    // A series: the next occurrence's reminder (the first whose time is after this one's), under
    // this job's own key (the runner leaves a job its handler moved pending, decision 0042).
    if (event.recurrenceRule) {
      const remindedAt = new Date(new Date(startsAt).getTime() - minutes * 60_000);
      await scheduleReminder(run.ctx, run.db, event, minutes, remindedAt);
    }
  },
});
