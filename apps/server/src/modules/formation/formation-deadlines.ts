import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import { closeAndDraw } from './formation-draw';
import * as repo from './formation.repo';

/* A vote's deadline: the reminder before it and the close when it passes, on every instance. */

/** The reminder before a vote's deadline: an hour before, or halfway for votes shorter than two hours. */
const REMIND_BEFORE_MS = 60 * 60 * 1000;
export function reminderTime(deadline: Date, now: Date): Date {
  const ahead = Math.min(REMIND_BEFORE_MS, (deadline.getTime() - now.getTime()) / 2);
  return new Date(deadline.getTime() - Math.max(0, ahead));
}

const minutesUntil = (deadline: Date, now: Date) =>
  Math.max(1, Math.ceil((deadline.getTime() - now.getTime()) / 60_000));

/**
 * One round of the deadline sweep (every instance runs it): reminds those who have not voted
 * when a vote's reminder is due, and closes every vote whose deadline has passed through the
 * same draw as a close by hand, then tells its creator. Safe on several instances at once: a
 * reminder is claimed by one conditional UPDATE, a close takes the row lock and draws once.
 */
export async function sweepDeadlines(
  ctx: AppContext,
): Promise<{ reminded: number; closed: number }> {
  const db = ctx.database.db;
  const now = ctx.now();
  let reminded = 0;
  for (const due of await repo.claimDueReminders(db, now)) {
    if (due.deadline && due.deadline <= now) continue; // closing now instead
    const voted = new Set((await repo.votesOf(db, due.id)).map((vote) => vote.userId));
    const waiting = due.participantIds.filter((id) => !voted.has(id));
    if (waiting.length === 0) continue;
    reminded += 1;
    await emitDomainEvent(ctx, {
      type: 'FORMATION_VOTE',
      stage: 'CLOSING',
      workspaceId: due.workspaceId,
      formationId: due.id,
      actorId: null,
      userIds: waiting,
      ...(due.deadline ? { minutesLeft: minutesUntil(due.deadline, now) } : {}),
    });
  }
  let closed = 0;
  for (const id of await repo.dueVotes(db, now)) {
    const row = await closeAndDraw(ctx, id);
    if (!row) continue;
    closed += 1;
    if (row.createdBy !== null) {
      await emitDomainEvent(ctx, {
        type: 'FORMATION_VOTE',
        stage: 'CLOSED',
        workspaceId: row.workspaceId,
        formationId: row.id,
        actorId: null,
        userIds: [row.createdBy],
      });
    }
  }
  return { reminded, closed };
}

/** Runs the deadline sweep on this instance every half minute until stopped. */
export class FormationDeadlines {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    intervalMs = 30_000,
  ) {
    this.timer = setInterval(() => {
      this.running = this.tick();
    }, intervalMs);
    this.timer.unref();
  }

  async tick() {
    try {
      return await sweepDeadlines(this.ctx);
    } catch (error) {
      this.ctx.logger.warn({ err: error }, 'formation deadline sweep failed');
      return { reminded: 0, closed: 0 };
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
