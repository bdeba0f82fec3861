// @vitest-environment jsdom
// jsdom: the tokens are kept in localStorage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../lib/token-store';
import { noContent, ok, problem, routes, stubApi } from '../../../test/stub-api';
import { logout } from './logout';
import { fetchSsoEndSessionUrl, signOutWithSso } from './sso-end-session';

const idpLogout = 'https://sso.school.ac.kr/logout?id_token_hint=abc&client_id=teamup';

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access', refreshToken: 'refresh', userId: 3 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetchSsoEndSessionUrl', () => {
  it('asks GET /api/auth/sso/end-session with the session and answers its address', async () => {
    const calls = stubApi(
      routes({ 'GET /api/auth/sso/end-session': () => ok({ url: idpLogout }) }),
    );
    expect(await fetchSsoEndSessionUrl()).toBe(idpLogout);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access');
  });

  it('answers null when the server has none for this person', async () => {
    stubApi(routes({ 'GET /api/auth/sso/end-session': () => ok({ url: null }) }));
    expect(await fetchSsoEndSessionUrl()).toBeNull();
  });

  it.each([
    ['a 404 (a server without the endpoint)', () => undefined],
    ['a 500', () => problem(500, 'INTERNAL_ERROR')],
    ['an unexpected shape', () => ok('https://sso.school.ac.kr/logout')],
    ['an address that is not a web address', () => ok({ url: 'javascript:alert(1)' })],
    ['no body', () => noContent()],
  ])('answers null for %s', async (_case, answer) => {
    stubApi(routes({ 'GET /api/auth/sso/end-session': answer }));
    expect(await fetchSsoEndSessionUrl()).toBeNull();
  });

  it('answers null when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await fetchSsoEndSessionUrl()).toBeNull();
  });

  it('gives up after the timeout, aborting the call', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit = {}) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>(() => undefined); // never answers
      }),
    );
    const answer = fetchSsoEndSessionUrl();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBeNull();
    expect(signal?.aborted).toBe(true);
  });
});

describe('signOutWithSso', () => {
  /** The steps, each recording itself in `order`. */
  function steps(endSession: () => Promise<string | null>, logoutResult = Promise.resolve()) {
    const order: string[] = [];
    return {
      order,
      endSessionUrl: vi.fn(async () => {
        order.push('end-session');
        return endSession();
      }),
      logout: vi.fn(() => {
        order.push('logout');
        return logoutResult;
      }),
      forget: vi.fn(() => order.push('forget')),
      leaveTo: vi.fn((url: string) => order.push(`leave ${url}`)),
    };
  }

  it('with an end-session address: logs out here and on the server, then goes there', async () => {
    const s = steps(() => Promise.resolve(idpLogout));
    expect(await signOutWithSso(s)).toBe(idpLogout);
    expect(s.order).toEqual(['end-session', 'logout', 'forget', `leave ${idpLogout}`]);
  });

  it('without one: the usual logout, no navigation', async () => {
    const s = steps(() => Promise.resolve(null));
    expect(await signOutWithSso(s)).toBeNull();
    expect(s.order).toEqual(['end-session', 'logout', 'forget']);
    expect(s.leaveTo).not.toHaveBeenCalled();
  });

  it('when asking fails: the usual logout, no navigation', async () => {
    const s = steps(() => Promise.reject(new Error('offline')));
    expect(await signOutWithSso(s)).toBeNull();
    expect(s.order).toEqual(['end-session', 'logout', 'forget']);
    expect(s.leaveTo).not.toHaveBeenCalled();
  });

  it('a failed server logout still forgets the session here, and still leaves', async () => {
    const s = steps(() => Promise.resolve(idpLogout), Promise.reject(new Error('offline')));
    expect(await signOutWithSso(s)).toBe(idpLogout);
    expect(s.order).toEqual(['end-session', 'logout', 'forget', `leave ${idpLogout}`]);
  });

  it('against the API: asks while signed in, logs out, forgets, then navigates', async () => {
    const order: string[] = [];
    const calls = stubApi(
      routes({
        'GET /api/auth/sso/end-session': () => ok({ url: idpLogout }),
        'POST /api/auth/logout': () => ok(true),
      }),
    );
    const leaveTo = vi.fn((url: string) => {
      order.push(`leave ${url}`);
      // Gone from this device before the browser leaves.
      expect(tokenStore.hasSession()).toBe(false);
    });
    await signOutWithSso({
      logout: () => logout({ clientInfo: {}, refreshToken: tokenStore.getRefreshToken() ?? '' }),
      forget: () => tokenStore.clear(),
      leaveTo,
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/auth/sso/end-session',
      'POST /api/auth/logout',
    ]);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access');
    expect(calls[1]?.body).toEqual({ clientInfo: {}, refreshToken: 'refresh' });
    expect(leaveTo).toHaveBeenCalledWith(idpLogout);
    expect(order).toEqual([`leave ${idpLogout}`]);
  });

  it('against the API without an address: logs out and stays', async () => {
    const calls = stubApi(
      routes({
        'GET /api/auth/sso/end-session': () => ok({ url: null }),
        'POST /api/auth/logout': () => ok(true),
      }),
    );
    const leaveTo = vi.fn();
    await signOutWithSso({
      logout: () => logout({ clientInfo: {} }),
      forget: () => tokenStore.clear(),
      leaveTo,
    });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/auth/sso/end-session',
      '/api/auth/logout',
    ]);
    expect(tokenStore.hasSession()).toBe(false);
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
