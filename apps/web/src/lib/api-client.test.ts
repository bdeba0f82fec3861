// @vitest-environment jsdom
// jsdom: the tokens are kept in localStorage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, onSessionExpired } from './api-client';
import { ApiError } from './api-error';
import { tokenStore } from './token-store';

/** One recorded call to the stubbed fetch. */
interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

type Responder = (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const problem = (status: number, code: string, detail: string, headers?: Record<string, string>) =>
  json(status, { type: 'about:blank', title: 'Error', status, detail, code }, headers);

const user = (id: number) => ({
  id,
  name: 'kim',
  email: 'kim@example.com',
  age: null,
  mbti: null,
  disposition: null,
  hashtags: [],
  introduction: null,
  portfolio: null,
  preferWorkstyle: null,
  dislikeWorkstyle: null,
  profileImageUrl: null,
  provider: 'LOCAL',
  createdAt: '2025-01-01T00:00:00.000Z',
  role: 'USER',
});

let calls: Call[];

/** Replaces the global fetch (the network boundary) with a scripted server. */
function stubFetch(responder: Responder) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: Call = {
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: init.body,
      };
      calls.push(call);
      return responder(call);
    }),
  );
}

const bearerOf = (call: Call) => call.headers.get('Authorization');

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ token: 'access-1', refreshToken: 'refresh-1', userId: 7 });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('unwraps the {data} envelope and sends the bearer token and Account-Id', async () => {
    stubFetch(() => json(200, { data: { status: 'ok' }, message: '좋아요' }));
    await expect(api.get('/health')).resolves.toEqual({ status: 'ok' });
    expect(calls[0]?.url).toBe('/api/health');
    expect(bearerOf(calls[0]!)).toBe('Bearer access-1');
    expect(calls[0]?.headers.get('Account-Id')).toBe('7');
  });

  it('sends neither header when logged out', async () => {
    tokenStore.clear();
    stubFetch(() => json(200, { data: 1 }));
    await api.get('/public');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.headers.has('Account-Id')).toBe(false);
  });

  it('answers undefined for 204 and appends the query', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/auth/sessions/3')).resolves.toBeUndefined();
    stubFetch(() => json(200, { data: [] }));
    await api.get('/hashtags/search', { query: { q: 'Re act', skip: undefined } });
    expect(calls[0]?.url).toBe('/api/hashtags/search?q=Re+act');
  });

  it('sends JSON bodies as JSON and FormData as it is', async () => {
    stubFetch(() => json(200, { data: true }));
    await api.post('/auth/login', { email: 'a@b.co' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toBe('{"email":"a@b.co"}');

    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api.post('/users/me/profile-image', form);
    expect(calls[1]?.body).toBe(form);
    expect(calls[1]?.headers.has('Content-Type')).toBe(false);
  });

  it('throws an ApiError with the problem code, detail, body and Retry-After', async () => {
    stubFetch(() => problem(429, 'RATE_LIMITED', '요청이 너무 많습니다.', { 'Retry-After': '30' }));
    const error = await api.get('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      detail: '요청이 너무 많습니다.',
      retryAfterSeconds: 30,
    });
    expect((error as ApiError).body).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it("says 'HTTP {status}' for a failure that is not problem+json", async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502, detail: 'HTTP 502' });
  });

  it('gives the spec network message when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: '네트워크 연결에 실패했습니다. 서버가 실행 중인지 확인해주세요.',
    });
  });

  it('refreshes once for concurrent 401s and retries each call once with the new token', async () => {
    let refreshes = 0;
    stubFetch(async (call) => {
      if (call.url === '/api/auth/refresh') {
        refreshes += 1;
        expect(JSON.parse(typeof call.body === 'string' ? call.body : '')).toEqual({
          refreshToken: 'refresh-1',
        });
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { data: { token: 'access-2', refreshToken: 'refresh-2', user: user(7) } });
      }
      if (bearerOf(call) === 'Bearer access-1') {
        return problem(401, 'TOKEN_EXPIRED', '인증이 만료되었습니다. 다시 로그인해주세요.');
      }
      return json(200, { data: call.url });
    });

    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);

    expect(results).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toBe(1);
    expect(calls.filter((call) => call.url === '/api/a')).toHaveLength(2);
    expect(tokenStore.getAccessToken()).toBe('access-2');
    expect(tokenStore.getRefreshToken()).toBe('refresh-2');
  });

  it('retries only once: a second 401 is thrown, not refreshed again', async () => {
    let refreshes = 0;
    stubFetch((call) => {
      if (call.url === '/api/auth/refresh') {
        refreshes += 1;
        return json(200, { data: { token: 'access-2', refreshToken: 'refresh-2', user: user(7) } });
      }
      return problem(401, 'SESSION_REVOKED', '인증이 만료되었습니다. 다시 로그인해주세요.');
    });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    expect(refreshes).toBe(1);
    expect(calls).toHaveLength(3);
  });

  it('does not refresh on CURRENT_PASSWORD_WRONG: it is just an error', async () => {
    stubFetch(() => problem(401, 'CURRENT_PASSWORD_WRONG', '현재 비밀번호가 올바르지 않습니다.'));
    await expect(api.put('/users/password', {})).rejects.toMatchObject({
      status: 401,
      code: 'CURRENT_PASSWORD_WRONG',
    });
    expect(calls.map((call) => call.url)).toEqual(['/api/users/password']);
    expect(tokenStore.getAccessToken()).toBe('access-1');
  });

  it('clears the tokens and reports the session as expired when the refresh fails', async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    stubFetch((call) =>
      call.url === '/api/auth/refresh'
        ? problem(401, 'REFRESH_TOKEN_INVALID', '토큰 갱신에 실패했습니다. 다시 로그인해주세요.')
        : problem(401, 'TOKEN_EXPIRED', '인증이 만료되었습니다. 다시 로그인해주세요.'),
    );
    await expect(api.get('/a')).rejects.toMatchObject({
      status: 401,
      message: '인증이 만료되었습니다. 다시 로그인해주세요.',
    });
    expect(tokenStore.hasSession()).toBe(false);
    expect(tokenStore.getUserId()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tells a deactivated account so, not that its login expired', async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    const told = '비활성화된 계정입니다. 관리자에게 문의해주세요.';
    stubFetch((call) =>
      call.url === '/api/auth/refresh'
        ? problem(401, 'ACCOUNT_DEACTIVATED', told)
        : problem(401, 'SESSION_REVOKED', '인증이 만료되었습니다. 다시 로그인해주세요.'),
    );
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401, message: told });
    expect(tokenStore.hasSession()).toBe(false);
    expect(expired).toHaveBeenCalledWith(expect.objectContaining({ detail: told }));
    stop();
  });

  it('asks to log in when there is no refresh token', async () => {
    localStorage.removeItem('teamup.refreshToken');
    stubFetch(() => problem(401, 'AUTH_REQUIRED', '인증이 필요합니다. 로그인해주세요.'));
    await expect(api.get('/a')).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: '인증이 필요합니다. 로그인해주세요.',
    });
    expect(calls.map((call) => call.url)).toEqual(['/api/a']);
    expect(tokenStore.getAccessToken()).toBeNull();
  });
});
