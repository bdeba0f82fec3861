import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import {
  DomainEventQueue,
  emitDomainEvent,
  emitDomainEventNow,
  type DomainEvent,
} from './domain-events';

const read = (userId: number): DomainEvent => ({ type: 'CHAT_ROOM_READ', userId, roomId: 1 });

/** A context with just what the queue touches: reactions, a logger, the queue. */
function contextWith(
  reaction: (event: DomainEvent) => Promise<void>,
  many?: (events: readonly DomainEvent[]) => Promise<void>,
  queue = new DomainEventQueue(),
) {
  const errors: string[] = [];
  const single = async (_ctx: AppContext, event: DomainEvent) => reaction(event);
  const ctx = {
    hooks: {
      reactions: [
        many
          ? Object.assign(single, {
              many: async (_ctx: AppContext, events: readonly DomainEvent[]) => many(events),
            })
          : single,
      ],
    },
    logger: { error: (_fields: object, message: string) => errors.push(message) },
    domainEvents: queue,
  } as unknown as AppContext;
  return { ctx, errors };
}

/** A queue with the given drain interval whose reaction records each run's user ids. */
function recordingRuns(drainIntervalMs: number) {
  const runs: number[][] = [];
  const ids = (events: readonly DomainEvent[]) =>
    events.map((event) => (event.type === 'CHAT_ROOM_READ' ? event.userId : 0));
  const { ctx } = contextWith(
    async (event) => void runs.push(ids([event])),
    async (events) => void runs.push(ids(events)),
    new DomainEventQueue(drainIntervalMs),
  );
  return { ctx, runs };
}

describe('domain events', () => {
  it('answer before their reactions run; reactions run later, in order, and settled() waits for them', async () => {
    const ran: number[] = [];
    const { ctx } = contextWith(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (event.type === 'CHAT_ROOM_READ') ran.push(event.userId);
    });
    await emitDomainEvent(ctx, read(1));
    await emitDomainEvent(ctx, read(2));
    expect(ran).toEqual([]); // the caller goes on without them
    await emitDomainEvent(ctx, read(3));
    await ctx.domainEvents.settled();
    expect(ran).toEqual([1, 2, 3]);
  });

  it('a failing reaction is logged and the queue goes on', async () => {
    const ran: number[] = [];
    const { ctx, errors } = contextWith(async (event) => {
      if (event.type !== 'CHAT_ROOM_READ') return;
      if (event.userId === 1) throw new Error('boom');
      ran.push(event.userId);
    });
    await emitDomainEvent(ctx, read(1));
    await emitDomainEvent(ctx, read(2));
    await ctx.domainEvents.settled();
    expect(errors).toEqual(['domain event reaction failed']);
    expect(ran).toEqual([2]);
  });

  it('emitDomainEventNow runs after what was queued before it and returns when its own are done', async () => {
    const ran: number[] = [];
    const { ctx } = contextWith(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (event.type === 'CHAT_ROOM_READ') ran.push(event.userId);
    });
    await emitDomainEvent(ctx, read(1));
    await emitDomainEventNow(ctx, read(2));
    expect(ran).toEqual([1, 2]);
  });

  it('a stream of facts is drained in runs: the first at once, then at most one run an interval', async () => {
    const { ctx, runs } = recordingRuns(300);
    const started = performance.now();
    await emitDomainEvent(ctx, read(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The first fact after a quiet spell went at once.
    expect(runs).toEqual([[1]]);
    // Facts stated every few milliseconds meanwhile wait for the interval and go as one run.
    for (let id = 2; id <= 6; id += 1) {
      await emitDomainEvent(ctx, read(id));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(runs).toEqual([[1]]);
    // The interval runs out on its own (settled() would drain at once: see below).
    await new Promise((resolve) => setTimeout(resolve, 350 - (performance.now() - started)));
    expect(runs).toEqual([[1], [2, 3, 4, 5, 6]]);
  });

  it('settled() drains at once what waits for the interval', async () => {
    const { ctx, runs } = recordingRuns(10_000);
    await emitDomainEvent(ctx, read(1));
    await ctx.domainEvents.settled();
    await emitDomainEvent(ctx, read(2));
    await emitDomainEvent(ctx, read(3));
    const started = performance.now();
    await ctx.domainEvents.settled();
    expect(runs).toEqual([[1], [2, 3]]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
