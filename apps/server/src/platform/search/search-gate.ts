import type { FastifyInstance } from 'fastify';

/**
 * Searches go last (decisions 0033 and 0039). A search's statements are bounded, but they are
 * many, and on the embedded database each one runs in front of whatever another request asks
 * next (one statement at a time for everyone); on PostgreSQL they take shares of two cores. So:
 *
 * - one search at a time per instance, taken in turns by account (an account asking three at
 *   once waits for its own, not ahead of everyone else's): `run`;
 * - between two of its statements a search gives way (`pace`) while another request is being
 *   answered, and for a moment after the last one ended (a client sending its next request),
 *   up to `maxWaitMs` a statement so that a busy instance still answers searches.
 *
 * Another request then finds at most the one statement already running ahead of it. A request
 * older than `interactiveMs` (an event stream, a WebSocket, a slow upload) no longer counts.
 */
export interface SearchGatePacing {
  /** How long after the last other request ended a search waits before its next statement. */
  readonly quietMs: number;
  /** The longest a search waits before one statement, however busy the instance. */
  readonly maxWaitMs: number;
  /** A request running longer than this stops holding searches back. */
  readonly interactiveMs: number;
}

export const SEARCH_GATE_PACING: SearchGatePacing = {
  quietMs: 3,
  maxWaitMs: 50,
  interactiveMs: 1000,
};

/** How many requests in flight before the gate lets go of those too old to count. */
const FORGET_OLD_AT = 64;

/** What a search calls between two of its statements. */
export type SearchPace = () => Promise<void>;

type Waiter = () => void;

export class SearchGate {
  private running = false;
  /** Whose search ran last: the next turn goes to someone else when anyone else waits. */
  private lastAccount: number | undefined;
  /** Per account, the searches waiting, in order; accounts in the order their turn comes. */
  private readonly waiting = new Map<number, Waiter[]>();
  /** Requests other than searches being answered: when each started. */
  private readonly others = new Map<symbol, number>();
  private lastOtherEnded = Number.NEGATIVE_INFINITY;
  /** Searches waiting in `pace` for the others to end. */
  private readonly pacing = new Set<Waiter>();

  constructor(
    private readonly pacingOptions: SearchGatePacing = SEARCH_GATE_PACING,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Runs `work` when it is `accountId`'s turn; `work` calls `pace` between its statements. */
  async run<T>(accountId: number, work: (pace: SearchPace) => Promise<T>): Promise<T> {
    if (this.running) await this.queue(accountId);
    this.running = true;
    this.lastAccount = accountId;
    try {
      return await work(() => this.pace());
    } finally {
      this.next();
    }
  }

  /** Requests other than searches the gate counts as being answered (for tests and metrics). */
  get othersInFlight(): number {
    return this.others.size;
  }

  /** A request other than a search began: call the function answered when it has ended. */
  otherStarted(): () => void {
    const key = Symbol('request');
    const now = this.clock();
    // Some ends are never told (a WebSocket's upgrade request has no response to close): those
    // no longer count once old, and are let go here.
    if (this.others.size >= FORGET_OLD_AT) {
      for (const [other, started] of this.others) {
        if (now - started >= this.pacingOptions.interactiveMs) this.others.delete(other);
      }
    }
    this.others.set(key, now);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.others.delete(key);
      this.lastOtherEnded = this.clock();
      for (const wake of this.pacing) wake();
    };
  }

  private queue(accountId: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const own = this.waiting.get(accountId);
      if (own) own.push(resolve);
      else this.waiting.set(accountId, [resolve]);
    });
  }

  /**
   * The first account in line gets its turn (not the one that just had it, when another waits)
   * and goes to the back of the line if it has more waiting.
   */
  private next() {
    const accounts = [...this.waiting.keys()];
    const accountId = accounts.find((id) => id !== this.lastAccount) ?? accounts[0];
    const own = accountId === undefined ? undefined : this.waiting.get(accountId);
    if (accountId === undefined || !own) {
      this.running = false;
      return;
    }
    const resolve = own.shift();
    this.waiting.delete(accountId);
    if (own.length > 0) this.waiting.set(accountId, own);
    resolve?.();
  }

  /** Milliseconds until a statement may go (0: now), as things stand. */
  private holdFor(now: number): number {
    const { quietMs, interactiveMs } = this.pacingOptions;
    let youngest = Number.NEGATIVE_INFINITY;
    for (const started of this.others.values()) youngest = Math.max(youngest, started);
    // A running request holds the search until it ends (the caller is woken then) or ages out.
    if (now - youngest < interactiveMs) return interactiveMs - (now - youngest);
    return Math.max(0, quietMs - (now - this.lastOtherEnded));
  }

  private async pace(): Promise<void> {
    const { maxWaitMs } = this.pacingOptions;
    const started = this.clock();
    for (;;) {
      const now = this.clock();
      const left = maxWaitMs - (now - started);
      const hold = this.holdFor(now);
      if (hold <= 0 || left <= 0) return;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.pacing.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(1, Math.min(hold, left)));
        this.pacing.add(wake);
      });
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the search route itself: its requests are searches, not others to give way to. */
    searchGate?: 'search';
  }
}

/** The route config of a search route (see `givesWayToRequests`). */
export const SEARCH_ROUTE_CONFIG = { searchGate: 'search' } as const;

/**
 * Tells the gate of every request but searches (routes configured `SEARCH_ROUTE_CONFIG`), from
 * its start to the end of its response or connection, whichever comes first.
 */
export function givesWayToRequests(app: FastifyInstance, gate: SearchGate): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.searchGate !== 'search') {
      reply.raw.once('close', gate.otherStarted());
    }
    done();
  });
}
