import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_ATTEMPTS, mayReconnect, reconnectDelayMs } from './reconnect-schedule';

describe('reconnectDelayMs', () => {
  it('follows the spec: 1, 2, 3 s, then 5, 7, 9 s, then 10 s rising by 2.5 s up to 15 s', () => {
    const delays = Array.from({ length: 12 }, (_, index) => reconnectDelayMs(index + 1));
    expect(delays).toEqual([
      1000, 2000, 3000, 5000, 7000, 9000, 10000, 12500, 15000, 15000, 15000, 15000,
    ]);
  });

  it('never waits before attempt 0', () => {
    expect(reconnectDelayMs(0)).toBe(0);
  });
});

describe('mayReconnect', () => {
  it('allows 10 attempts and no more', () => {
    expect(MAX_RECONNECT_ATTEMPTS).toBe(10);
    expect(mayReconnect(0)).toBe(true);
    expect(mayReconnect(9)).toBe(true);
    expect(mayReconnect(10)).toBe(false);
  });
});
