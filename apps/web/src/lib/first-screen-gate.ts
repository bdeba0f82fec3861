import { startTransition, useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** At the latest this long after the first ask, the gate opens whatever is still loading. */
export const FIRST_SCREEN_MAX_WAIT_MS = 3000;
/** How often a busy first screen is looked at again. */
export const FIRST_SCREEN_POLL_MS = 50;

export interface FirstScreenGateDeps {
  /** True while the first screen still loads (queries in flight). */
  isBusy: () => boolean;
  /** Calls back once the browser has painted (a frame, then a task). */
  afterPaint: (callback: () => void) => void;
  /** Calls back when the main thread is idle (or after `timeoutMs` at the latest). */
  whenIdle: (callback: () => void, timeoutMs: number) => void;
  /** Calls back after `ms`. */
  later: (callback: () => void, ms: number) => void;
  now: () => number;
}

/**
 * Opens once the first screen is up: painted, its own data answered (nothing fetching on two
 * looks in a row) and the main thread idle, or FIRST_SCREEN_MAX_WAIT_MS after the first ask. What
 * waits for it (the live connection, the side panel's lists, the bell's count) then no longer
 * competes with the page for the network and the main thread before its first paint.
 */
export class FirstScreenGate {
  private open = false;
  private started = false;
  private quietLooks = 0;
  private startedAt = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: FirstScreenGateDeps) {}

  isOpen = (): boolean => this.open;

  /** Hears the gate open (once); asking starts the wait. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.start();
    return () => this.listeners.delete(listener);
  };

  start(): void {
    if (this.started || this.open) return;
    this.started = true;
    this.startedAt = this.deps.now();
    this.deps.afterPaint(() => this.look());
  }

  private look(): void {
    if (this.open) return;
    const waited = this.deps.now() - this.startedAt;
    if (waited >= FIRST_SCREEN_MAX_WAIT_MS) return this.openNow();
    this.quietLooks = this.deps.isBusy() ? 0 : this.quietLooks + 1;
    if (this.quietLooks >= 2) return this.openNow();
    this.deps.later(
      () => this.deps.whenIdle(() => this.look(), FIRST_SCREEN_MAX_WAIT_MS - waited),
      FIRST_SCREEN_POLL_MS,
    );
  }

  private openNow(): void {
    this.open = true;
    for (const listener of [...this.listeners]) listener();
  }
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** The browser's timers: a frame then a task for the paint, requestIdleCallback where there is one. */
export function browserGateDeps(isBusy: () => boolean): FirstScreenGateDeps {
  const idleWindow = window as IdleWindow;
  return {
    isBusy,
    afterPaint: (callback) => {
      if (typeof requestAnimationFrame === 'function') {
        requestAnimationFrame(() => setTimeout(callback, 0));
      } else {
        setTimeout(callback, 0);
      }
    },
    whenIdle: (callback, timeoutMs) => {
      if (typeof idleWindow.requestIdleCallback === 'function') {
        idleWindow.requestIdleCallback(callback, { timeout: Math.max(1, timeoutMs) });
      } else {
        setTimeout(callback, 0);
      }
    },
    later: (callback, ms) => setTimeout(callback, ms),
    now: () => performance.now(),
  };
}

/** One gate per data cache: an app has one, each test its own. */
const gates = new WeakMap<QueryClient, FirstScreenGate>();

function gateOf(queryClient: QueryClient): FirstScreenGate {
  let gate = gates.get(queryClient);
  if (!gate) {
    gate = new FirstScreenGate(
      browserGateDeps(() => queryClient.isFetching() > 0 || queryClient.isMutating() > 0),
    );
    gates.set(queryClient, gate);
  }
  return gate;
}

/**
 * False until the first screen is up (FirstScreenGate), then true for good: secondary work of
 * the signed-in frame waits for it. What it reveals renders as a transition, which React splits
 * into short tasks that leave the main thread free for input.
 */
export function useFirstScreenDone(): boolean {
  const gate = gateOf(useQueryClient());
  const [open, setOpen] = useState(gate.isOpen);
  useEffect(() => {
    const reveal = () => startTransition(() => setOpen(true));
    const unsubscribe = gate.subscribe(reveal);
    // Opened between this render and the subscription: nothing more will be heard.
    if (gate.isOpen()) reveal();
    return unsubscribe;
  }, [gate]);
  return open;
}
