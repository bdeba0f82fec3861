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
function contextWith(reaction: (event: DomainEvent) => Promise<void>) {
  const errors: string[] = [];
  const ctx = {
    hooks: { reactions: [async (_ctx: AppContext, event: DomainEvent) => reaction(event)] },
    logger: { error: (_fields: object, message: string) => errors.push(message) },
    domainEvents: new DomainEventQueue(),
  } as unknown as AppContext;
  return { ctx, errors };
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
});
