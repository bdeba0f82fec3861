import { describe, expect, it } from 'vitest';
import { connectHeadersFor, renewalDelayMs, tokenExpiry } from './meeting-socket';

const jwt = (payload: object) =>
  `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

describe('meeting socket re-authentication timing', () => {
  it('reads the expiry of an access token, and nothing from a token without one', () => {
    expect(tokenExpiry(jwt({ sub: '1', exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
    expect(tokenExpiry(jwt({ sub: '1' }))).toBeNull();
    expect(tokenExpiry('not-a-token')).toBeNull();
  });

  it('renews a minute before the expiry, or halfway for short tokens, never late', () => {
    expect(renewalDelayMs(900_000, 0)).toBe(840_000);
    expect(renewalDelayMs(30_000, 0)).toBe(15_000);
    expect(renewalDelayMs(1_000, 5_000)).toBe(0);
  });
});

describe('meeting socket authentication', () => {
  it('sends the access token in the CONNECT frame, never in the address', () => {
    expect(connectHeadersFor('a.b.c')).toEqual({ Authorization: 'Bearer a.b.c' });
    expect(connectHeadersFor(null)).toEqual({});
  });
});
