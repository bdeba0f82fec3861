import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { MemoryBus } from './memory-bus';
import * as repo from './live-events.repo';
import { ReplayableBus, type LoggedEvent } from './replayable-bus';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('ReplayableBus', () => {
  it('logs a burst of events in few inserts, with ids in publish order', async () => {
    const bus = new ReplayableBus(new MemoryBus(), () => database.db);
    const received: LoggedEvent[] = [];
    await bus.subscribe('burst', (event) => received.push(event as LoggedEvent));
    const inserts = vi.spyOn(repo, 'insertLiveEvents');

    await Promise.all(
      Array.from({ length: 40 }, (_, index) => bus.publish('burst', { type: 'T', index })),
    );

    expect(inserts.mock.calls.length).toBeLessThan(5);
    expect(received.map((event) => event['index'])).toEqual([...Array(40).keys()]);
    const ids = received.map((event) => event.eventId);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(40);
    const replayed = await bus.replay(['burst'], (ids[0] as number) - 1, 100);
    expect(replayed.map((event) => event['index'])).toEqual([...Array(40).keys()]);
    inserts.mockRestore();
    await bus.close();
  });

  it('a failed log write rejects its publishes and later ones still go out', async () => {
    const bus = new ReplayableBus(new MemoryBus(), () => database.db);
    const received: LoggedEvent[] = [];
    await bus.subscribe('after-failure', (event) => received.push(event as LoggedEvent));
    const inserts = vi
      .spyOn(repo, 'insertLiveEvents')
      .mockRejectedValueOnce(new Error('database went away'));
    await expect(bus.publish('after-failure', { type: 'LOST' })).rejects.toThrow('went away');
    await bus.publish('after-failure', { type: 'KEPT' });
    expect(received.map((event) => event['type'])).toEqual(['KEPT']);
    inserts.mockRestore();
    await bus.close();
  });

  it('a transport that fails after the event is logged is reported, not thrown (0031)', async () => {
    // Redis down: the change is committed and the event logged, so the publisher's request must
    // not fail (a 503 would be sent again and done twice); a reconnecting client replays it.
    const transport = new MemoryBus();
    const notHandedOn: string[] = [];
    const bus = new ReplayableBus(
      transport,
      () => database.db,
      (_error, topic) => notHandedOn.push(topic),
    );
    vi.spyOn(transport, 'publish').mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(bus.publish('transport-down', { type: 'LOGGED' })).resolves.toBeUndefined();
    expect(notHandedOn).toEqual(['transport-down']);
    const replayed = await bus.replay(['transport-down'], 0, 10);
    expect(replayed.map((event) => event['type'])).toEqual(['LOGGED']);
    await bus.close();
  });

  it('a write that logs its own events runs between the batches, its events in log order', async () => {
    const bus = new ReplayableBus(new MemoryBus(), () => database.db);
    const received: LoggedEvent[] = [];
    await bus.subscribe('steps', (event) => received.push(event as LoggedEvent));
    const event = (label: string) => ({ type: 'T', label });
    const before = ['before-0', 'before-1', 'before-2'].map((label) =>
      bus.publish('steps', event(label)),
    );
    // As a chat send's statement does: it stores its change and logs its events itself.
    const write = bus.logWith(async () => {
      const payloads = [event('write-0'), event('write-1')];
      const ids = await repo.insertLiveEvents(
        database.db,
        payloads.map((payload) => ({ topic: 'steps', payload })),
      );
      return {
        stored: 'the change',
        events: payloads.map((payload, index) => ({
          topic: 'steps',
          payload,
          eventId: ids[index] as number,
        })),
      };
    });
    const after = bus.publish('steps', event('after'));
    await Promise.all([...before, write, after]);

    expect((await write).stored).toBe('the change');
    const order = ['before-0', 'before-1', 'before-2', 'write-0', 'write-1', 'after'];
    expect(received.map((item) => item['label'])).toEqual(order);
    const ids = received.map((item) => item.eventId);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const replayed = await bus.replay(['steps'], (ids[0] as number) - 1, 100);
    expect(replayed.map((item) => item['label'])).toEqual(order);
    expect(replayed.map((item) => item.eventId)).toEqual(ids);
    await bus.close();
  });

  it('a failed write rejects, hands nothing on, and the log goes on', async () => {
    const bus = new ReplayableBus(new MemoryBus(), () => database.db);
    const received: LoggedEvent[] = [];
    await bus.subscribe('failed-write', (event) => received.push(event as LoggedEvent));
    const failed = bus.logWith(async () => {
      throw new Error('refused');
    });
    const kept = bus.publish('failed-write', { type: 'KEPT' });
    await expect(failed).rejects.toThrow('refused');
    await kept;
    expect(received.map((event) => event['type'])).toEqual(['KEPT']);
    await bus.close();
  });
});
