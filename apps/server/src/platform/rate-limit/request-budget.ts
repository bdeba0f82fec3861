import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitResult, Limiter } from './limiter';

type Count = (key: string, max: number, windowMs: number) => Promise<LimitResult>;

/**
 * The store @fastify/rate-limit counts HTTP requests in, over the budget's counter. A route with
 * a limit of its own (the login's) gets a child: a count of its own, keyed by its route.
 */
class CounterStore implements FastifyRateLimitStore {
  constructor(
    private readonly count: Count,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    this.count(this.prefix + key, max, timeWindow).then(
      (result) =>
        callback(null, {
          // The plugin wants the count: within the limit it is what the remainder leaves; past
          // it, any number over `max` says "refused" alike.
          current: result.allowed ? max - result.remaining : max + 1,
          ttl: result.retryAfterSeconds * 1000,
        }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(options: object): FastifyRateLimitStore {
    // At run time the plugin hands the merged route options, the route under `routeInfo` (its
    // type says otherwise; @fastify/rate-limit's own Redis store reads it the same way).
    const route = (options as { routeInfo?: { method?: string | string[]; url?: string } })
      .routeInfo;
    const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
    return new CounterStore(this.count, `${this.prefix}${method}${route?.url ?? ''}-`);
  }
}

/**
 * The one budget of requests a minute that every caller spends from, per account when signed in
 * (`user:<id>`), else per address (`ip:<address>`): each HTTP request (through
 * @fastify/rate-limit, whose store this is) and each STOMP frame that makes the server work
 * (`spend`), in one count. With Redis the count is Redis's, shared by every instance; keys are
 * named after the database, so two deployments (or test runs) on one Redis never spend each
 * other's budget.
 */
export class RequestBudget {
  readonly windowMs = 60_000;

  /** The subject a signed-in caller spends as, over HTTP and STOMP alike. */
  static userSubject(userId: number): string {
    return `user:${userId}`;
  }

  /** The subject of a caller without a valid token: its address. */
  static addressSubject(ip: string): string {
    return `ip:${ip}`;
  }

  constructor(
    private readonly counter: Limiter,
    readonly perMinute: number,
    private readonly namespace: string,
  ) {}

  private readonly count: Count = (key, max, windowMs) =>
    this.counter.hit(`requests:${this.namespace}:${key}`, max, windowMs / 1000);

  /** One request of `subject` counted; `allowed` is false once the budget is spent. */
  spend(subject: string): Promise<LimitResult> {
    return this.count(subject, this.perMinute, this.windowMs);
  }

  /** For @fastify/rate-limit's `store` option, which builds its store itself. */
  get store(): FastifyRateLimitStoreCtor {
    const count = this.count;
    return class extends CounterStore {
      constructor() {
        super(count, '');
      }
    };
  }
}
