import { NotificationTexts as T } from '@teamup/contracts/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { defineJobKind, type JobRun } from '../../platform/jobs/job-kind';
import { notifyInJob } from '../notifications/notifications.service';
import { isComplete } from './evaluation.math';
import * as repo from './evaluation.repo';

/*
 * A round's notices on the scheduler (decisions 0042, 0045, 0047): one job when it opens, one
 * per offset before it closes, one when its results are released, keyed by the round
 * (`evaluation:<roundId>:…`). Who is told is decided when the job runs: the class's students
 * then, and for the reminders only those who have not finished every team. The texts name the
 * round and nobody else.
 */

export const reminderOffsets = { '24H': 24 * 3_600_000, '1H': 3_600_000 } as const;
export type ReminderOffset = keyof typeof reminderOffsets;

export const roundKeyPrefix = (roundId: number) => `evaluation:${roundId}:`;
export const openKey = (roundId: number) => `${roundKeyPrefix(roundId)}open`;
export const reminderKeyPrefix = (roundId: number) => `${roundKeyPrefix(roundId)}remind:`;
export const reminderKey = (roundId: number, offset: ReminderOffset) =>
  `${reminderKeyPrefix(roundId)}${offset}`;
export const releasedKey = (roundId: number) => `${roundKeyPrefix(roundId)}released`;

export const roundLink = (workspaceId: number, roundId: number) =>
  `/ws/${workspaceId}/evaluations/${roundId}`;

/** The students of the class, and which of them have not finished every team of theirs. */
export async function unfinishedStudents(
  db: Db,
  round: repo.RoundRow,
): Promise<{
  all: number[];
  unfinished: number[];
}> {
  const students = await repo.classStudents(db, round.workspaceId);
  const responses = await repo.responsesOfRound(db, round.id);
  const byTeam = new Map<number, number[]>();
  for (const student of students) {
    byTeam.set(student.teamId, [...(byTeam.get(student.teamId) ?? []), student.userId]);
  }
  const unfinished = new Set<number>();
  for (const [teamId, ids] of byTeam) {
    for (const userId of ids) {
      const answered = new Set(
        responses.filter((r) => r.teamId === teamId && r.raterId === userId).map((r) => r.rateeId),
      );
      if (!isComplete(ids, userId, round.includeSelf, answered)) unfinished.add(userId);
    }
  }
  return { all: [...new Set(students.map((s) => s.userId))], unfinished: [...unfinished] };
}

/**
 * The round's opening notice and reminders after a write of it, in that write's transaction: the
 * opening at `opensAt` (a time it already ran at does not run again), each reminder at its time
 * before the close unless that time has passed or comes before the opening.
 */
export async function syncRoundJobs(ctx: AppContext, db: Db, round: repo.RoundRow) {
  await ctx.jobs.schedule(
    roundOpenedJob,
    openKey(round.id),
    round.opensAt,
    { roundId: round.id, opensAt: round.opensAt.toISOString() },
    db,
  );
  const now = ctx.now().getTime();
  for (const offset of Object.keys(reminderOffsets) as ReminderOffset[]) {
    const at = round.closesAt.getTime() - reminderOffsets[offset];
    if (at <= now || at <= round.opensAt.getTime()) {
      await ctx.jobs.cancel(reminderKey(round.id, offset), db);
      continue;
    }
    await ctx.jobs.schedule(
      roundReminderJob,
      reminderKey(round.id, offset),
      new Date(at),
      { roundId: round.id, offset, closesAt: round.closesAt.toISOString() },
      db,
    );
  }
}

/** Everyone finished: the reminders have nobody left to remind. */
export async function cancelReminders(ctx: AppContext, db: Db, roundId: number) {
  await ctx.jobs.cancelByPrefix(reminderKeyPrefix(roundId), db);
}

export async function cancelRoundJobs(ctx: AppContext, db: Db, roundId: number) {
  await ctx.jobs.cancelByPrefix(roundKeyPrefix(roundId), db);
}

export async function scheduleReleasedNotice(ctx: AppContext, db: Db, roundId: number) {
  await ctx.jobs.schedule(releasedNoticeJob, releasedKey(roundId), ctx.now(), { roundId }, db);
}

async function tell(run: JobRun, round: repo.RoundRow, userIds: number[], message: string) {
  await notifyInJob(run, 'EVALUATION', userIds, {
    message,
    link: roundLink(round.workspaceId, round.id),
    access: { workspaceId: round.workspaceId },
    tag: `evaluation:${round.id}`,
  });
}

export const roundOpenedJob = defineJobKind<{ roundId: number; opensAt: string }>({
  kind: 'evaluation.opened',
  maxAttempts: 3,
  async handle(job, run) {
    const round = await repo.findRound(run.db, job.payload.roundId);
    if (!round || round.opensAt.toISOString() !== job.payload.opensAt) return;
    if (round.closesAt.getTime() <= run.ctx.now().getTime()) return;
    const { all } = await unfinishedStudents(run.db, round);
    const name = await repo.workspaceName(run.db, round.workspaceId);
    await tell(run, round, all, T.evaluationOpened(name, round.title));
  },
});

export const roundReminderJob = defineJobKind<{
  roundId: number;
  offset: ReminderOffset;
  closesAt: string;
}>({
  kind: 'evaluation.reminder',
  maxAttempts: 3,
  async handle(job, run) {
    const round = await repo.findRound(run.db, job.payload.roundId);
    if (!round || round.closesAt.toISOString() !== job.payload.closesAt) return;
    if (round.closesAt.getTime() <= run.ctx.now().getTime()) return;
    const { unfinished } = await unfinishedStudents(run.db, round);
    const name = await repo.workspaceName(run.db, round.workspaceId);
    const hours = reminderOffsets[job.payload.offset] / 3_600_000;
    await tell(run, round, unfinished, T.evaluationClosing(name, round.title, hours));
  },
});

export const releasedNoticeJob = defineJobKind<{ roundId: number }>({
  kind: 'evaluation.released',
  maxAttempts: 3,
  async handle(job, run) {
    const round = await repo.findRound(run.db, job.payload.roundId);
    if (!round || round.releasedAt === null) return;
    const { all } = await unfinishedStudents(run.db, round);
    const name = await repo.workspaceName(run.db, round.workspaceId);
    await tell(run, round, all, T.evaluationReleased(name, round.title));
  },
});
