import {
  nextTimeOfDay,
  taskReminderOffsetMs,
  taskReminderOffsets,
  type TaskReminderOffset,
} from '@teamup/contracts/delivery';
import { NotificationTexts as T } from '@teamup/contracts/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { defineJobKind } from '../../platform/jobs/job-kind';
import {
  deliveryTimeZoneOf,
  notifyInJob,
  wantTaskReminder,
} from '../notifications/notifications.service';
import * as repo from './task-reminders.repo';

/*
 * Reminders before a card's deadline and the leader's morning digest of overdue cards (issue 44,
 * decision 0045), on the scheduler of decision 0042.
 *
 * One job per task and offset ("kanban.task-reminder:12:24H"), not per assignee: who is reminded
 * is decided when it is sent (the assignees then, still in the team, who want that offset), so an
 * assignment or a setting changed meanwhile needs no job moved. Every write of a card calls
 * `syncTaskReminders` in its transaction: a new deadline moves the jobs, approval or a cleared
 * deadline cancels them, and the handler checks it all again at send time.
 */

const taskKeyPrefix = (taskId: number) => `kanban.task-reminder:${taskId}:`;
const taskKey = (taskId: number, offset: TaskReminderOffset) => `${taskKeyPrefix(taskId)}${offset}`;

/** The web app's address of a card on its team's board. */
const cardLink = (workspaceId: number, teamId: number, taskId: number) =>
  `/ws/${workspaceId}/team/${teamId}?tab=kanban&task=${taskId}`;
const boardLink = (workspaceId: number, teamId: number) =>
  `/ws/${workspaceId}/team/${teamId}?tab=kanban`;

/** A calendar-day deadline's time zone: teams have none of their own yet (issue 44). */
const DEADLINE_DAY_ZONE_OFFSET_HOURS = 9; // Asia/Seoul, no daylight saving

/**
 * When a deadline is due. A calendar day ("2026-12-01") is due at the END of that day, 24:00
 * Asia/Seoul (the next day's 00:00 KST, i.e. 15:00 UTC of that day): work due "on the 1st" may
 * be handed in all that day. An instant is due at that instant.
 */
export function deadlineDueAt(deadline: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(deadline)) {
    const midnightUtc = Date.parse(`${deadline}T00:00:00.000Z`);
    return new Date(midnightUtc + (24 - DEADLINE_DAY_ZONE_OFFSET_HOURS) * 3_600_000);
  }
  return new Date(deadline);
}

type TaskReminderPayload = { taskId: number; offset: TaskReminderOffset; deadline: string };

/**
 * The card's reminders after a write of it, in that write's transaction `db`: each offset's job
 * at its time before the deadline (a job already done for that very time stays done, so an edit
 * that keeps the deadline does not remind twice); none for an approved card, one without a
 * deadline, or a reminder whose time has passed. Also sees that its team's morning digest comes.
 */
export async function syncTaskReminders(ctx: AppContext, db: Db, taskId: number): Promise<void> {
  const task = await repo.taskToRemind(db, taskId);
  if (!task || task.isApproved || task.deadline === null) {
    await ctx.jobs.cancelByPrefix(taskKeyPrefix(taskId), db);
    return;
  }
  const dueAt = deadlineDueAt(task.deadline).getTime();
  const now = ctx.now().getTime();
  for (const offset of taskReminderOffsets) {
    const remindAt = dueAt - taskReminderOffsetMs[offset];
    if (remindAt <= now) {
      await ctx.jobs.cancel(taskKey(taskId, offset), db);
      continue;
    }
    const payload = { taskId, offset, deadline: task.deadline };
    await ctx.jobs.schedule(
      taskReminderJob,
      taskKey(taskId, offset),
      new Date(remindAt),
      payload,
      db,
    );
  }
  await expectOverdueDigest(ctx, db, task.teamId);
}

/** A card deleted (or its list): its reminders go. */
export async function cancelTaskReminders(ctx: AppContext, db: Db, taskIds: readonly number[]) {
  for (const taskId of taskIds) await ctx.jobs.cancelByPrefix(taskKeyPrefix(taskId), db);
}

/** The cards of these lists, whose reminders a list's deletion is to cancel. */
export function tasksOfLists(db: Db, listIds: readonly number[]): Promise<number[]> {
  return repo.taskIdsOfLists(db, listIds);
}

/**
 * A reminder falls due: checked again now — the card still exists, is not approved and has the
 * deadline the job was made for; the people are its assignees now, still in its team, who want
 * this offset.
 */
export const taskReminderJob = defineJobKind<TaskReminderPayload>({
  kind: 'kanban.task-reminder',
  maxAttempts: 3,
  async handle(job, run) {
    const { taskId, offset, deadline } = job.payload;
    const task = await repo.taskToRemind(run.db, taskId);
    if (!task || task.isApproved || task.deadline !== deadline) return;
    const assignees = await repo.assigneesInTeam(run.db, taskId, task.teamId);
    const wanting = await wantTaskReminder(run.db, assignees, offset);
    await notifyInJob(run, 'TASK_DUE_SOON', wanting, {
      message: T.taskDueSoon(task.teamName, task.subject, taskReminderOffsetMs[offset] / 3_600_000),
      link: cardLink(task.workspaceId, task.teamId, taskId),
      access: { teamId: task.teamId },
      tag: `task-due:${taskId}`,
    });
  },
});

// --- the leader's morning digest -----------------------------------------------------------

/** The time of day of the digest, in the leader's delivery time zone (teams have none yet). */
const OVERDUE_DIGEST_TIME = '09:00';

const digestKeyPrefix = (teamId: number) => `kanban.overdue-digest:${teamId}:`;
/**
 * Keyed by the day it is for: the run schedules the next day's under a key of its own (a job
 * rescheduling its own key would be marked done by its own completion), and seeing the digest
 * comes (`expectOverdueDigest`) twice the same day finds the same key.
 */
const digestKey = (teamId: number, at: Date) => `${digestKeyPrefix(teamId)}${at.toISOString()}`;

async function nextDigestAt(ctx: AppContext, db: Db, leaderId: number | null): Promise<Date> {
  const zone = leaderId === null ? 'Asia/Seoul' : await deliveryTimeZoneOf(db, leaderId);
  return nextTimeOfDay(zone, OVERDUE_DIGEST_TIME, ctx.now());
}

/**
 * Sees that the team's next 09:00 digest is coming while it has open cards with deadlines (a
 * team without any has no job; the next deadline set starts it again).
 */
export async function expectOverdueDigest(ctx: AppContext, db: Db, teamId: number): Promise<void> {
  const team = await repo.teamForDigest(db, teamId);
  if (!team) return;
  const at = await nextDigestAt(ctx, db, team.leaderId);
  await ctx.jobs.schedule(overdueDigestJob, digestKey(teamId, at), at, { teamId }, db);
}

/** How many of `deadlines` are past at `now`. */
export function overdueCount(deadlines: readonly string[], now: Date): number {
  return deadlines.filter((deadline) => deadlineDueAt(deadline).getTime() <= now.getTime()).length;
}

/**
 * 09:00 for a team: its leader gets one notice of how many of its cards are overdue and not
 * approved (none when there are none), and the next day's digest is scheduled while the team has
 * open cards with deadlines.
 */
export const overdueDigestJob = defineJobKind<{ teamId: number }>({
  kind: 'kanban.overdue-digest',
  maxAttempts: 3,
  async handle(job, run) {
    const { teamId } = job.payload;
    const team = await repo.teamForDigest(run.db, teamId);
    if (!team) return;
    const deadlines = await repo.openDeadlinesOfTeam(run.db, teamId);
    if (deadlines.length > 0) {
      const at = await nextDigestAt(run.ctx, run.db, team.leaderId);
      if (digestKey(teamId, at) !== job.key) {
        await run.ctx.jobs.schedule(
          overdueDigestJob,
          digestKey(teamId, at),
          at,
          { teamId },
          run.db,
        );
      }
    }
    const overdue = overdueCount(deadlines, run.ctx.now());
    if (overdue === 0 || team.leaderId === null) return;
    await notifyInJob(run, 'OVERDUE_DIGEST', [team.leaderId], {
      message: T.overdueDigest(team.name, overdue),
      link: boardLink(team.workspaceId, teamId),
      access: { teamId },
      tag: `overdue-digest:${teamId}`,
    });
  },
});
