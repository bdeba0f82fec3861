import { describe, expect, it, vi } from 'vitest';
import {
  FIRST_SCREEN_MAX_WAIT_MS,
  FIRST_SCREEN_POLL_MS,
  FirstScreenGate,
  type FirstScreenGateDeps,
} from './first-screen-gate';

/** A gate on a hand-driven clock: paint, idle and timers run when `run()` is called. */
function gateWith(busy: () => boolean) {
  let time = 0;
  let queue: { at: number; callback: () => void }[] = [];
  const deps: FirstScreenGateDeps = {
    isBusy: busy,
    afterPaint: (callback) => queue.push({ at: time + 16, callback }),
    whenIdle: (callback) => queue.push({ at: time, callback }),
    later: (callback, ms) => queue.push({ at: time + ms, callback }),
    now: () => time,
  };
  const gate = new FirstScreenGate(deps);
  /** Runs everything due up to `until` (ms), in time order. */
  const run = (until: number) => {
    for (;;) {
      const next = queue.filter((item) => item.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      queue = queue.filter((item) => item !== next);
      time = next.at;
      next.callback();
    }
    time = until;
  };
  return { gate, run };
}

describe('FirstScreenGate', () => {
  it('stays shut while the first screen still fetches, and opens once it has been quiet twice', () => {
    let busy = true;
    const { gate, run } = gateWith(() => busy);
    const heard = vi.fn();
    gate.subscribe(heard);

    run(1000);
    expect(gate.isOpen()).toBe(false);
    expect(heard).not.toHaveBeenCalled();

    busy = false;
    run(1000 + FIRST_SCREEN_POLL_MS); // one quiet look is not enough
    expect(gate.isOpen()).toBe(false);
    run(1000 + 3 * FIRST_SCREEN_POLL_MS);
    expect(gate.isOpen()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('does not open before the first paint, even with nothing to fetch', () => {
    const { gate, run } = gateWith(() => false);
    gate.subscribe(() => undefined);
    run(10);
    expect(gate.isOpen()).toBe(false);
  });

  it('opens at the latest FIRST_SCREEN_MAX_WAIT_MS after the first ask, busy or not', () => {
    const { gate, run } = gateWith(() => true);
    const heard = vi.fn();
    gate.subscribe(heard);
    run(FIRST_SCREEN_MAX_WAIT_MS - FIRST_SCREEN_POLL_MS);
    expect(gate.isOpen()).toBe(false);
    run(FIRST_SCREEN_MAX_WAIT_MS + FIRST_SCREEN_POLL_MS);
    expect(gate.isOpen()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    run(2 * FIRST_SCREEN_MAX_WAIT_MS);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('starts waiting on the first ask only, and a listener that left is not called', () => {
    let busy = true;
    const { gate, run } = gateWith(() => busy);
    run(5000);
    expect(gate.isOpen()).toBe(false); // nobody asked: no wait started, no timeout ran
    const left = vi.fn();
    const stay = vi.fn();
    const unsubscribe = gate.subscribe(left);
    gate.subscribe(stay);
    unsubscribe();
    busy = false;
    run(6000);
    expect(left).not.toHaveBeenCalled();
    expect(stay).toHaveBeenCalledTimes(1);
  });
});
