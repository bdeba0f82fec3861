import { afterEach, describe, expect, it } from 'vitest';
import type { PresenceStatus } from '@teamup/contracts/presence';
import { MemoryBus } from '../bus/memory-bus';
import { PRESENCE_TOPIC, PresenceTracker, type PresenceOptions } from './presence';

/** Trackers of several "instances" on one in-process bus, with a clock the test moves. */
function cluster() {
  const bus = new MemoryBus();
  let clock = 1_000_000;
  const trackers: PresenceTracker[] = [];
  const announced: Array<{ by: string; userId: number; status: PresenceStatus }> = [];
  const add = async (options: PresenceOptions = {}) => {
    const tracker = new PresenceTracker((message) => bus.publish(PRESENCE_TOPIC, message), {
      now: () => clock,
      offlineGraceMs: 50,
      minAnnounceGapMs: 0,
      heartbeatMs: 60_000,
      expiryMs: 1000,
      ...options,
    });
    await bus.subscribe(PRESENCE_TOPIC, (event) =>
      tracker.heard(event as Parameters<PresenceTracker['heard']>[0]),
    );
    tracker.onChange((userId, status) => {
      announced.push({ by: tracker.instance, userId, status });
    });
    tracker.start();
    trackers.push(tracker);
    return tracker;
  };
  return {
    add,
    announced,
    trackers,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const until = async (check: () => boolean, timeoutMs = 2000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

let current: ReturnType<typeof cluster> | undefined;
afterEach(async () => {
  for (const tracker of current?.trackers ?? []) await tracker.stop({ quietly: true });
  current = undefined;
});

describe('presence tracker', () => {
  it('counts connections: online with the first, offline only after the last and the grace', async () => {
    current = cluster();
    const a = await current.add();
    const first = a.hold(7);
    const second = a.hold(7);
    expect(a.statusOf(7)).toBe('ONLINE');
    await until(() => current?.announced.length === 1);
    expect(current.announced).toEqual([{ by: a.instance, userId: 7, status: 'ONLINE' }]);
    first();
    first(); // releasing twice counts once
    expect(a.statusOf(7)).toBe('ONLINE');
    second();
    // Not yet OFFLINE, nor announced: a reload within the grace shows no flicker.
    expect(a.statusOf(7)).toBe('ONLINE');
    expect(current.announced).toHaveLength(1);
    const again = a.hold(7);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(current.announced).toHaveLength(1);
    again();
    await until(() => current?.announced.length === 2);
    expect(current.announced[1]).toEqual({ by: a.instance, userId: 7, status: 'OFFLINE' });
    expect(a.statusOf(7)).toBe('OFFLINE');
  });

  it('sees connections of other instances, and exactly one instance announces each change', async () => {
    current = cluster();
    const a = await current.add();
    const b = await current.add();
    const release = b.hold(3);
    expect(a.statusOf(3)).toBe('ONLINE');
    expect(a.present()).toEqual([{ userId: 3, status: 'ONLINE' }]);
    await until(() => (current?.announced.length ?? 0) >= 1);
    const announcer = [a, b].find((t) => t.isAnnouncer());
    expect([a, b].filter((t) => t.isAnnouncer())).toHaveLength(1);
    expect(current.announced).toEqual([{ by: announcer?.instance, userId: 3, status: 'ONLINE' }]);
    release();
    await until(() => current?.announced.length === 2);
    await until(() => a.statusOf(3) === 'OFFLINE');
    expect(current.announced[1]).toMatchObject({ userId: 3, status: 'OFFLINE' });
  });

  it('a late instance learns who is online from the others at once', async () => {
    current = cluster();
    const a = await current.add();
    a.hold(11);
    await a.report(11, 'AWAY');
    const late = await current.add();
    expect(late.statusOf(11)).toBe('AWAY');
  });

  it('the newest away report wins, whichever instance took it; offline forgets it', async () => {
    current = cluster();
    const a = await current.add();
    const b = await current.add();
    const release = a.hold(5);
    await b.report(5, 'AWAY');
    expect(a.statusOf(5)).toBe('AWAY');
    current.advance(10);
    await a.report(5, 'ONLINE');
    expect(b.statusOf(5)).toBe('ONLINE');
    await until(() => current?.announced.length === 3);
    current.advance(10);
    // A report that arrives late (older than the one heard) changes nothing.
    await b.report(5, 'AWAY');
    expect(a.statusOf(5)).toBe('AWAY');
    a.heard({ kind: 'away', instance: 'elsewhere', userId: 5, away: false, at: 0 });
    expect(a.statusOf(5)).toBe('AWAY');
    await until(() => current?.announced.length === 4);
    expect(current.announced.map((e) => e.status)).toEqual(['ONLINE', 'AWAY', 'ONLINE', 'AWAY']);
    release();
    await until(() => current?.announced.at(-1)?.status === 'OFFLINE');
    expect(a.statusOf(5)).toBe('OFFLINE');
  });

  it('forgets the users of an instance that crashed once its heart-beats stop', async () => {
    current = cluster();
    const a = await current.add();
    const b = await current.add();
    b.hold(9);
    expect(a.statusOf(9)).toBe('ONLINE');
    await b.stop({ quietly: true });
    a.sweep();
    expect(a.statusOf(9)).toBe('ONLINE');
    current.advance(1500);
    a.sweep();
    expect(a.isAnnouncer()).toBe(true);
    await until(() => a.statusOf(9) === 'OFFLINE');
    await until(() =>
      Boolean(current?.announced.some((e) => e.userId === 9 && e.status === 'OFFLINE')),
    );
    expect(current.announced.filter((e) => e.userId === 9 && e.status === 'OFFLINE')).toEqual([
      { by: a.instance, userId: 9, status: 'OFFLINE' },
    ]);
  });

  it('an instance that stops cleanly takes its users offline at once', async () => {
    current = cluster();
    const a = await current.add();
    const b = await current.add();
    b.hold(4);
    await b.stop();
    await until(() => a.statusOf(4) === 'OFFLINE');
  });
});
