import { afterEach, describe, expect, it, vi } from 'vitest';
import { respell, signatureBytes } from '../../../test/token-spelling';
import { AccessTokens, isCanonicalJws, PurposeTokens } from './tokens';

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

describe('one spelling per token', () => {
  it('refuses a second spelling of a good access token, before and after the first was seen', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const good = await tokens.sign({ userId: 5, sessionId: 6 });
    const respelled = respell(good);
    expect(signatureBytes(respelled).equals(signatureBytes(good))).toBe(true);
    expect(isCanonicalJws(good)).toBe(true);
    expect(isCanonicalJws(respelled)).toBe(false);
    await expect(tokens.verify(respelled)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await tokens.verify(good);
    await expect(tokens.verify(respelled)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('names a purpose token by its id, and refuses its second spelling', async () => {
    const tokens = new PurposeTokens(SECRET);
    const first = await tokens.sign('login-2fa', 9, 60);
    const second = await tokens.sign('login-2fa', 9, 60);
    const one = await tokens.verify('login-2fa', first);
    expect(one).toMatchObject({ userId: 9 });
    expect(one?.tokenId).toMatch(/^[\w-]{16,}$/);
    expect((await tokens.verify('login-2fa', second))?.tokenId).not.toBe(one?.tokenId);
    expect(await tokens.verify('login-2fa', respell(first))).toBeNull();
    // Padding or other characters a lenient decoder skips are other spellings too.
    expect(await tokens.verify('login-2fa', `${first}=`)).toBeNull();
    expect(await tokens.verify('login-2fa', `${first.slice(0, -1)}+`)).toBeNull();
  });
});
