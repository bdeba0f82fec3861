import { describe, expect, it } from 'vitest';
import { GATHER_ENOUGH, GATHER_MS, gatherWait, refusedByTheDatabase } from './text-sends';

describe('refusedByTheDatabase', () => {
  it('takes an SQLSTATE refusal for "nothing stored", and a broken link for "unknown"', () => {
    // A raised exception, a check or unique violation, bad input: refused, so a retry alone is safe.
    for (const code of ['P0001', '23505', '23514', '22021']) {
      expect(refusedByTheDatabase(Object.assign(new Error('refused'), { code }))).toBe(true);
    }
    // Connection exceptions, an administrator's shutdown, socket errors, no code at all: the
    // batch may have committed before the link broke.
    for (const code of ['08006', '08003', '57P01', 'ECONNRESET', 'EPIPE']) {
      expect(refusedByTheDatabase(Object.assign(new Error('link'), { code }))).toBe(false);
    }
    expect(refusedByTheDatabase(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(refusedByTheDatabase(null)).toBe(false);
    // drizzle's wrapper keeps the driver's error as its cause.
    const wrapped = new Error('Failed query', {
      cause: Object.assign(new Error('boom'), { code: 'P0001' }),
    });
    expect(refusedByTheDatabase(wrapped)).toBe(true);
  });
});

describe('gatherWait', () => {
  const now = 10_000;
  it('writes a send after a quiet spell or in a trickle at once', () => {
    const alone = { now, oldestArrivedAt: now, queued: 1 };
    expect(gatherWait({ ...alone, latestGap: Infinity })).toBe(0);
    // One send every 10 ms (100 a second): waiting would gather nothing.
    expect(gatherWait({ ...alone, latestGap: 10 })).toBe(0);
    expect(gatherWait({ ...alone, latestGap: GATHER_MS + 0.5 })).toBe(0);
  });
  it('in a stream, waits until the oldest send is GATHER_MS old', () => {
    expect(gatherWait({ now, latestGap: 2, oldestArrivedAt: now, queued: 1 })).toBe(GATHER_MS);
    expect(gatherWait({ now, latestGap: 1, oldestArrivedAt: now - 1, queued: 3 })).toBe(
      GATHER_MS - 1,
    );
    // The sends that came during the last statement have waited long enough already.
    const old = now - GATHER_MS - 2;
    expect(gatherWait({ now, latestGap: 1, oldestArrivedAt: old, queued: 3 })).toBe(0);
  });
  it('writes a full enough batch at once', () => {
    expect(gatherWait({ now, latestGap: 0, oldestArrivedAt: now, queued: GATHER_ENOUGH })).toBe(0);
  });
});
