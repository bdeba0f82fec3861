import { describe, expect, it } from 'vitest';
import { refusedByTheDatabase } from './text-sends';

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
