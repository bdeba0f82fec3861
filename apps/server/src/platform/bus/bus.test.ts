import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { killClientsNamed } from '../../../test/redis-link';
import type { EventBus, SubscriptionState } from './event-bus';
import { MemoryBus } from './memory-bus';
import { RedisBus } from './redis-bus';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('TEST_REDIS_URL not set: Redis bus tests skipped');

const topic = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;
const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (events over Redis arrive asynchronously). */
async function eventually(check: () => void, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await settle(10);
    }
  }
}

/**
 * What every bus must do. `pair` gives two buses standing for two app instances (the same bus
 * twice for the in-process one, two connections for Redis).
 */
function busBehaviours(make: () => Promise<EventBus>, twoInstances: boolean) {
  const opened: EventBus[] = [];
  const open = async () => {
    const bus = await make();
    opened.push(bus);
    return bus;
  };
  afterAll(async () => {
    for (const bus of opened) await bus.close();
  });

  it('delivers a published event to every subscriber of the topic, and only them', async () => {
    const bus = await open();
    const chat = topic('chat');
    const got: unknown[] = [];
    const gotToo: unknown[] = [];
    const other: unknown[] = [];
    await bus.subscribe(chat, (event) => got.push(event));
    await bus.subscribe(chat, (event) => gotToo.push(event));
    await bus.subscribe(topic('other'), (event) => other.push(event));
    await bus.publish(chat, { id: 1, text: '안녕', at: '2025-01-01T00:00:00.000Z' });
    await eventually(() => expect(got).toHaveLength(1));
    await eventually(() => expect(gotToo).toHaveLength(1));
    expect(got[0]).toEqual({ id: 1, text: '안녕', at: '2025-01-01T00:00:00.000Z' });
    await settle();
    expect(other).toEqual([]);
  });

  it('keeps order per topic', async () => {
    const bus = await open();
    const t = topic('order');
    const got: number[] = [];
    await bus.subscribe(t, (event) => got.push((event as { n: number }).n));
    for (let n = 0; n < 50; n += 1) await bus.publish(t, { n });
    await eventually(() => expect(got).toHaveLength(50));
    expect(got).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });

  it('stops delivering after unsubscribe, leaving other subscribers alone', async () => {
    const bus = await open();
    const t = topic('unsub');
    const first: unknown[] = [];
    const second: unknown[] = [];
    const unsubscribeFirst = await bus.subscribe(t, (event) => first.push(event));
    const unsubscribeSecond = await bus.subscribe(t, (event) => second.push(event));
    await unsubscribeFirst();
    await bus.publish(t, 'a');
    await eventually(() => expect(second).toEqual(['a']));
    expect(first).toEqual([]);
    await unsubscribeSecond();
    await unsubscribeSecond(); // twice is harmless
    await bus.publish(t, 'b');
    await settle();
    expect(second).toEqual(['a']);

    // Subscribing again after everyone left works.
    const again: unknown[] = [];
    await bus.subscribe(t, (event) => again.push(event));
    await bus.publish(t, 'c');
    await eventually(() => expect(again).toEqual(['c']));
  });

  it('subscribers never share one mutable event object with the publisher', async () => {
    const bus = await open();
    const t = topic('copy');
    const got: Array<{ list: number[] }> = [];
    await bus.subscribe(t, (event) => got.push(event as { list: number[] }));
    const event = { list: [1] };
    await bus.publish(t, event);
    event.list.push(2);
    await eventually(() => expect(got).toHaveLength(1));
    expect(got[0]?.list).toEqual([1]);
  });

  it('concurrent subscriptions to a new topic all receive the next event', async () => {
    const bus = await open();
    const t = topic('concurrent');
    const got: string[] = [];
    // The first call starts the transport subscription; the later ones must not resolve before it
    // is in place, or an event published right after they resolve is lost.
    const first = bus.subscribe(t, () => got.push('a'));
    await bus.subscribe(t, () => got.push('b'));
    await bus.publish(t, 'x');
    await first;
    await eventually(() => expect(got.sort()).toEqual(['a', 'b']));
  });

  it.runIf(twoInstances)(
    'two instances each with one subscriber receive an event exactly once (Redis only: the in-process bus has no second instance, so it is skipped there)',
    async () => {
      const [first, second] = [await open(), await open()];
      const t = topic('fanout');
      const onFirst: unknown[] = [];
      const onSecond: unknown[] = [];
      await first.subscribe(t, (event) => onFirst.push(event));
      await second.subscribe(t, (event) => onSecond.push(event));
      await first.publish(t, { from: 'first' });
      await second.publish(t, { from: 'second' });
      await eventually(() => expect(onFirst).toHaveLength(2));
      await eventually(() => expect(onSecond).toHaveLength(2));
      await settle(200); // no late duplicates
      expect(onFirst).toEqual([{ from: 'first' }, { from: 'second' }]);
      expect(onSecond).toEqual([{ from: 'first' }, { from: 'second' }]);
    },
  );
}

describe('MemoryBus', () => {
  busBehaviours(async () => new MemoryBus(), false);

  it('close drops every subscription', async () => {
    const bus = new MemoryBus();
    const got: unknown[] = [];
    await bus.subscribe('t', (event) => got.push(event));
    await bus.close();
    await bus.publish('t', 1);
    expect(got).toEqual([]);
  });
});

describe.skipIf(!redisUrl)('RedisBus', () => {
  busBehaviours(() => RedisBus.connect(redisUrl ?? ''), true);

  it('close stops delivery and lets the process exit (no open handles)', async () => {
    const bus = await RedisBus.connect(redisUrl ?? '');
    const publisher = await RedisBus.connect(redisUrl ?? '');
    const t = topic('closing');
    const got: unknown[] = [];
    await bus.subscribe(t, (event) => got.push(event));
    await bus.close();
    await publisher.publish(t, 1);
    await settle();
    expect(got).toEqual([]);
    await publisher.close();
  });

  it('a killed subscriber connection: tells `lost`, then `resubscribed` once its topics hear again (decision 0032)', async () => {
    const bus = await RedisBus.connect(redisUrl ?? '');
    const publisher = await RedisBus.connect(redisUrl ?? '');
    const t = topic('reconnect');
    const got: unknown[] = [];
    await bus.subscribe(t, (event) => got.push(event));
    const states: SubscriptionState[] = [];
    // Published the moment `resubscribed` is told: heard, since the subscription is in place.
    bus.onSubscriptionState((state) => {
      states.push(state);
      if (state === 'resubscribed') void publisher.publish(t, 'after');
    });

    expect(await killClientsNamed(redisUrl ?? '', bus.subscriberName)).toBe(1);
    await eventually(() => expect(states).toEqual(['lost', 'resubscribed']), 5000);
    await eventually(() => expect(got).toEqual(['after']));

    // Closing is no loss to tell of.
    await bus.close();
    await settle();
    expect(states).toEqual(['lost', 'resubscribed']);
    await publisher.close();
  });

  it('connecting to an unreachable Redis fails instead of hanging', async () => {
    await expect(RedisBus.connect('redis://127.0.0.1:1')).rejects.toThrow();
  });
});
