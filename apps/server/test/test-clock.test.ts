import { describe, expect, it } from 'vitest';
import { assertTestClockClearOfTheRunner } from './test-clock';

describe("a test's clock", () => {
  const real = Date.parse('2026-11-30T06:00:00Z');
  const at = (iso: string) => () => new Date(iso);

  it('may follow real time or stand a year or more ahead of it', () => {
    expect(() => assertTestClockClearOfTheRunner(undefined, real)).not.toThrow();
    expect(() => assertTestClockClearOfTheRunner(at('2026-11-30T06:30:00Z'), real)).not.toThrow();
    expect(() => assertTestClockClearOfTheRunner(at('2037-12-01T00:00:00Z'), real)).not.toThrow();
  });

  it('may not stand a day or a month ahead, nor in the past, where jobs fall due on their own', () => {
    for (const iso of ['2026-12-01T00:00:00Z', '2027-03-01T00:00:00Z', '2026-01-01T00:00:00Z']) {
      expect(() => assertTestClockClearOfTheRunner(at(iso), real), iso).toThrow(/year ahead/);
    }
  });
});
