import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('progressPercent', () => {
  it('keeps percents and rounds them', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(42)).toBe(42);
    expect(progressPercent(66.6)).toBe(67);
  });

  it('clamps out-of-range and missing values', () => {
    expect(progressPercent(-5)).toBe(0);
    expect(progressPercent(140)).toBe(100);
    expect(progressPercent(Number.NaN)).toBe(0);
    expect(progressPercent(null)).toBe(0);
  });
});
