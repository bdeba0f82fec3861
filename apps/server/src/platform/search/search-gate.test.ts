import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchGate, type SearchPace } from './search-gate';

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('search gate: turns', () => {
  it('runs one search at a time, in the order asked, and goes on after a failure', async () => {
    const gate = new SearchGate();
    const events: string[] = [];
    let release: () => void = () => undefined;
    const first = gate.run(1, async () => {
      events.push('1 start');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('1 end');
      throw new Error('first failed');
    });
    const second = gate.run(2, async () => {
      events.push('2 start');
      await Promise.resolve();
      events.push('2 end');
      return 2;
    });
    const third = gate.run(3, () => {
      events.push('3');
      return Promise.resolve(3);
    });
    await tick();
    expect(events).toEqual(['1 start']);
    release();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(await third).toBe(3);
    expect(events).toEqual(['1 start', '1 end', '2 start', '2 end', '3']);
  });
  it('gives the turns by account: three searches of one account do not all go first', async () => {
    const gate = new SearchGate();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const searches = [
      gate.run(7, async () => {
        order.push('a1');
        await new Promise<void>((resolve) => (release = resolve));
      }),
    ];
    await tick();
    for (const name of ['a2', 'a3'])
      searches.push(gate.run(7, () => Promise.resolve(void order.push(name))));
    searches.push(gate.run(8, () => Promise.resolve(void order.push('b1'))));
    release();
    await Promise.all(searches);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });
});

describe('search gate: giving way to other requests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const pacing = { quietMs: 3, maxWaitMs: 50, interactiveMs: 1000 };

  /** A gate on the fake clock, and the `pace` of a search running in it. */
  async function pacedGate() {
    vi.useFakeTimers();
    const gate = new SearchGate(pacing, () => Date.now());
    let pace: SearchPace = () => Promise.resolve();
    let finish: () => void = () => undefined;
    const running = gate.run(1, async (given) => {
      pace = given;
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await vi.advanceTimersByTimeAsync(0);
    return { gate, pace, finish, running };
  }

  /** When `pace` answers, in fake milliseconds from now (undefined: not yet). */
  function watch(pace: SearchPace) {
    const start = Date.now();
    let at: number | undefined;
    void pace().then(() => (at = Date.now() - start));
    return () => at;
  }

  it('goes at once when no other request is being answered', async () => {
    const { pace, finish, running } = await pacedGate();
    const answered = watch(pace);
    await vi.advanceTimersByTimeAsync(0);
    expect(answered()).toBe(0);
    finish();
    await running;
  });

  it('waits while another request runs, and a moment after it ended', async () => {
    const { gate, pace, finish, running } = await pacedGate();
    const ended = gate.otherStarted();
    const answered = watch(pace);
    await vi.advanceTimersByTimeAsync(20);
    expect(answered()).toBeUndefined();
    ended();
    await vi.advanceTimersByTimeAsync(2);
    expect(answered()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2);
    // Ended 20 ms into the wait: the search went 3 ms later (the quiet moment).
    expect(answered()).toBe(23);
    finish();
    await running;
  });

  it('lets go of requests whose end is never told, once they are old', async () => {
    const { gate, finish, running } = await pacedGate();
    const never = Array.from({ length: 64 }, () => gate.otherStarted());
    expect(never).toHaveLength(64);
    await vi.advanceTimersByTimeAsync(1000);
    gate.otherStarted();
    expect(gate.othersInFlight).toBe(1);
    finish();
    await running;
  });

  it('waits at most maxWaitMs however busy, and ignores a request running past interactiveMs', async () => {
    const { gate, pace, finish, running } = await pacedGate();
    const ended = gate.otherStarted();
    const busy = watch(pace);
    await vi.advanceTimersByTimeAsync(200);
    expect(busy()).toBe(50);
    await vi.advanceTimersByTimeAsync(1000);
    // More than a second old by now: an event stream, not a request to give way to.
    const old = watch(pace);
    await vi.advanceTimersByTimeAsync(0);
    expect(old()).toBe(0);
    ended();
    ended(); // told twice (response and connection closed): counted once
    const afterEnd = watch(pace);
    await vi.advanceTimersByTimeAsync(10);
    expect(afterEnd()).toBe(3);
    finish();
    await running;
  });
});
