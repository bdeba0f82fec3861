import type { AppContext } from '../context';

/**
 * Facts one module states after its change is committed, for other modules on the same instance
 * to act on (notifications). Unlike bus events these run once, where the change happened, so a
 * second instance never acts on them twice.
 */
export type DomainEvent =
  | {
      type: 'CHAT_MESSAGE_SENT';
      workspaceId: number;
      roomId: number;
      messageId: number;
      senderId: number;
      senderName: string;
      content: string;
    }
  /**
   * An integration posted into a room as a named bot (an incoming webhook). Apart from
   * CHAT_MESSAGE_SENT so that outgoing webhooks never hear it: two webhooks answering each other
   * would loop.
   */
  | {
      type: 'CHAT_BOT_MESSAGE_POSTED';
      roomId: number;
      messageId: number;
      botName: string;
      content: string;
    }
  /** The member has read the room up to its newest message (nothing unread left in it). */
  | { type: 'CHAT_ROOM_READ'; userId: number; roomId: number }
  | { type: 'TASK_ASSIGNED'; teamId: number; taskId: number; actorId: number; userIds: number[] }
  | { type: 'COMPLETION_REQUESTED'; teamId: number; taskId: number; requesterId: number }
  | {
      type: 'COMPLETION_REVIEWED';
      teamId: number;
      taskId: number;
      requesterId: number;
      approved: boolean;
    }
  | { type: 'ANNOUNCEMENT_CREATED'; teamId: number; authorId: number; title: string }
  /** A post on a team's board (outgoing webhooks tell other systems of it). */
  | {
      type: 'POST_CREATED';
      workspaceId: number;
      teamId: number;
      postId: number;
      authorId: number;
      title: string;
    }
  | {
      type: 'SCHEDULE_CHANGED';
      teamId: number;
      actorId: number;
      title: string;
      change: 'CREATED' | 'UPDATED';
    }
  | { type: 'TEAM_MEMBER_JOINED'; teamId: number; userId: number }
  | {
      type: 'FORMATION_CONFIRMED';
      workspaceId: number;
      teams: Array<{ teamId: number; memberIds: number[] }>;
    }
  /** A vote opened (its participants), is about to close (those yet to vote), closed by itself (its creator). */
  | {
      type: 'FORMATION_VOTE';
      stage: 'OPENED' | 'CLOSING' | 'CLOSED';
      workspaceId: number;
      formationId: number;
      actorId: number | null;
      userIds: number[];
      /** CLOSING: whole minutes left until the deadline. */
      minutesLeft?: number;
    }
  /** A comment on a post or a kanban task (its author and those it mentions hear of it). */
  | {
      type: 'COMMENT_CREATED';
      subject: 'post' | 'task';
      subjectId: number;
      commentId: number;
      authorId: number;
      content: string;
    }
  | { type: 'WORKSPACE_MEMBER_JOINED'; workspaceId: number; userId: number }
  /** An instructor or TA of a class nudged a team's students, or one of them (issue 45). */
  | {
      type: 'CLASS_NUDGE_SENT';
      teamId: number;
      nudgeId: number;
      senderId: number;
      userIds: number[];
      message: string;
    }
  | {
      type: 'WORKSPACE_MEMBER_REMOVED';
      workspaceId: number;
      userId: number;
      reason: 'KICKED' | 'BANNED';
    };

/**
 * Runs every module's reaction (declared in its module file, see platform/module.ts) on the facts
 * in order; a failing one is logged and never fails the change that was already committed.
 */
async function runReactions(ctx: AppContext, events: readonly DomainEvent[]): Promise<void> {
  for (const reaction of ctx.hooks.reactions) {
    if (reaction.many && events.length > 1) {
      try {
        await reaction.many(ctx, events);
      } catch (error) {
        ctx.logger.error(
          { err: error, events: events.map((event) => event.type) },
          'domain event reaction failed',
        );
      }
      continue;
    }
    for (const event of events) {
      try {
        await reaction(ctx, event);
      } catch (error) {
        ctx.logger.error({ err: error, event: event.type }, 'domain event reaction failed');
      }
    }
  }
}

/**
 * States a fact after its change is committed. The reactions (notifications: several queries
 * per chat message) run after the request has been answered, from a queue drained in order on
 * this instance, so a send answers as soon as its own write is durable. They are not durable
 * themselves: a process killed with reactions queued loses those notices (a graceful stop drains
 * the queue first).
 */
export async function emitDomainEvent(ctx: AppContext, event: DomainEvent): Promise<void> {
  ctx.domainEvents.push(ctx, event);
  return Promise.resolve();
}

/** The same, waiting for the reactions: for a caller whose next step needs them done first. */
export async function emitDomainEventNow(ctx: AppContext, event: DomainEvent): Promise<void> {
  await ctx.domainEvents.settled();
  await runReactions(ctx, [event]);
}

/**
 * Drains start at most this often: under a stream of facts (500 chat messages a second) the
 * reactions take them in runs of a tenth of a second, one notice read per room and run, where
 * each drain took one or two messages and the notices cost the database as much as the sends
 * themselves. A fact after a quiet spell is still drained at once, and `settled()` drains at once.
 */
const DRAIN_INTERVAL_MS = 100;

/** The instance's queue of facts whose reactions have yet to run. */
export class DomainEventQueue {
  /** Each fact with the context that stated it (a sweep may run with a clock of its own). */
  private readonly pending: Array<{ ctx: AppContext; event: DomainEvent }> = [];
  private draining: Promise<void> | undefined;
  private lastDrainAt = -Infinity;
  /** Ends the wait before the next drain now (set while a drain waits for its interval). */
  private wake: (() => void) | undefined;
  /** Callers waiting in `settled()`: while there are any, no drain waits for its interval. */
  private settling = 0;

  constructor(private readonly drainIntervalMs = DRAIN_INTERVAL_MS) {}

  push(ctx: AppContext, event: DomainEvent): void {
    this.pending.push({ ctx, event });
    this.draining ??= this.drain();
  }

  /**
   * Resolves once every fact stated so far has had its reactions run; what waits for the
   * interval is drained at once (a caller whose next step needs them, a test, a shutdown).
   */
  async settled(): Promise<void> {
    this.settling += 1;
    try {
      while (this.draining) {
        this.wake?.();
        await this.draining;
      }
    } finally {
      this.settling -= 1;
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        await this.untilDue();
        this.lastDrainAt = performance.now();
        // Everything queued meanwhile is one batch, handed to the reactions in runs of facts
        // stated with the same context; each fact keeps its order.
        const batch = this.pending.splice(0);
        while (batch.length > 0) {
          const ctx = batch[0]?.ctx as AppContext;
          let end = 1;
          while (end < batch.length && batch[end]?.ctx === ctx) end += 1;
          await runReactions(
            ctx,
            batch.splice(0, end).map((queued) => queued.event),
          );
        }
      }
    } finally {
      this.draining = undefined;
    }
  }

  /**
   * After the current request's answer is on its way (a later turn, not this one), and no sooner
   * than the interval after the last drain began, unless woken.
   */
  private untilDue(): Promise<void> {
    const wait =
      this.settling > 0 ? 0 : this.lastDrainAt + this.drainIntervalMs - performance.now();
    return new Promise<void>((resolve) => {
      const timer = wait > 0 ? setTimeout(resolve, wait) : undefined;
      const turn = timer ? undefined : setImmediate(resolve);
      this.wake = () => {
        clearTimeout(timer);
        clearImmediate(turn);
        resolve();
      };
    }).finally(() => {
      this.wake = undefined;
    });
  }
}
