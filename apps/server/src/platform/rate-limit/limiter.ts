/** Fixed-window counters keyed by purpose and subject (an account, an address, an IP). */
export type LimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export interface Limiter {
  /** Counts one hit against `key` and says whether it is still within `limit` per window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<LimitResult>;
  /** Reads without counting. */
  peek(key: string, limit: number, windowSeconds: number): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  close?(): Promise<void>;
}

export class MemoryLimiter implements Limiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private current(key: string, windowSeconds: number) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    if (this.windows.size > 100_000) this.sweep(now);
    return window;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  private result(window: { count: number; resetAt: number }, limit: number): LimitResult {
    return {
      allowed: window.count <= limit,
      remaining: Math.max(0, limit - window.count),
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000)),
    };
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
    const window = this.current(key, windowSeconds);
    window.count += 1;
    return this.result(window, limit);
  }

  async peek(key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
    const window = this.current(key, windowSeconds);
    return { ...this.result(window, limit), allowed: window.count < limit };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
}
