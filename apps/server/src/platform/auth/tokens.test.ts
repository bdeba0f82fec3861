import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './tokens';

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256';

describe('AccessTokens.verify, with verified tokens remembered', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims for a token seen before, each time a copy', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign({ userId: 7, sessionId: 11 });
    const first = await tokens.verify(token);
    const second = await tokens.verify(token);
    expect(first).toEqual({ userId: 7, sessionId: 11 });
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });

  it('refuses a remembered token once it expired, as an expired one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T00:00:00Z'));
    const tokens = new AccessTokens(SECRET, 5);
    const token = await tokens.sign({ userId: 1, sessionId: 2 });
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 1, sessionId: 2 });
    vi.setSystemTime(new Date('2026-11-27T00:00:04.900Z'));
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 1, sessionId: 2 });
    vi.setSystemTime(new Date('2026-11-27T00:00:05Z'));
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('refuses a token signed with another key or altered, even after a good one was seen', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const good = await tokens.sign({ userId: 3, sessionId: 4 });
    await tokens.verify(good);
    const other = await new AccessTokens(`${SECRET}-other`, 60).sign({ userId: 3, sessionId: 4 });
    await expect(tokens.verify(other)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    const altered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(altered)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
