import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type {
  LoginResponse,
  LoginResult,
  OauthLinks,
  TwoFactorSetup,
} from '@teamup/contracts/auth';
import type { User } from '@teamup/contracts/users';
import { createUser, dataOf, expectProblem } from '../../../test/factories';
import { startFakeOauthProvider, type FakeOauthProvider } from '../../../test/fake-oauth-provider';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let fake: FakeOauthProvider;
const PUBLIC_ORIGIN = 'http://localhost:8081';

beforeAll(async () => {
  fake = await startFakeOauthProvider();
  app = await createTestApp({
    GOOGLE_CLIENT_ID: fake.clients.google.id,
    GOOGLE_CLIENT_SECRET: fake.clients.google.secret,
    KAKAO_CLIENT_ID: fake.clients.kakao.id,
    KAKAO_CLIENT_SECRET: fake.clients.kakao.secret,
    OAUTH_TEST_PROVIDER_URL: fake.url,
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

type Provider = 'google' | 'kakao';

/** The app's cookie as a browser would send it back. */
const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? '')).split(';')[0] ?? '';

/** Start → provider → callback, as a browser follows the redirects. Answers the final redirect. */
async function signInAtProvider(provider: Provider, cookie?: string) {
  const start = await app.inject({
    method: 'GET',
    url: `/api/auth/oauth/${provider}/login`,
    headers: cookie ? { cookie } : {},
  });
  expect(start.statusCode).toBe(302);
  const browser = cookie ?? cookieOf(start.headers['set-cookie']);
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') ?? '');
  expect(back.origin).toBe(PUBLIC_ORIGIN);
  const callbackPath = back.pathname + back.search;
  const callback = await app.inject({
    method: 'GET',
    url: callbackPath,
    headers: { cookie: browser },
  });
  expect(callback.statusCode).toBe(302);
  const landing = new URL(String(callback.headers.location).replace('/#/', '/'));
  return { landing, browser, callbackPath };
}

const exchange = (tempCode: string, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/oauth/exchange-token',
    payload: { tempCode },
    headers: { cookie },
  });

async function socialLogin(provider: Provider) {
  const { landing, browser } = await signInAtProvider(provider);
  expect(landing.pathname).toBe('/oauth/success');
  const tempCode = landing.searchParams.get('tempCode') ?? '';
  expect(tempCode).not.toBe('');
  const response = await exchange(tempCode, browser);
  expect(response.statusCode, response.body).toBe(200);
  return { result: dataOf<LoginResult>(response), tempCode, browser };
}

describe('social login', () => {
  it('shows only configured providers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(dataOf(response)).toEqual({ google: true, kakao: true, sso: null });
    const bare = await createTestApp();
    const none = await bare.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(dataOf(none)).toEqual({ google: false, kakao: false, sso: null });
    const start = await bare.inject({ method: 'GET', url: '/api/auth/oauth/google/login' });
    expect(start.statusCode).toBe(302);
    expect(String(start.headers.location)).toContain('error=');
    await bare.close();
  });

  it.each(['google', 'kakao'] as const)(
    'creates the account on first %s login and logs the same account in again',
    async (provider) => {
      const id = provider === 'google' ? `g-${Date.now()}` : String(Date.now());
      fake.signInAs(provider, {
        id,
        name: provider === 'google' ? '구글 사용자' : '카카오 사용자',
        email: `${provider}${id}@example.com`,
        emailVerified: true,
        picture: 'https://example.com/me.png',
      });
      const { result } = await socialLogin(provider);
      const first = result as LoginResponse;
      expect(first.user).toMatchObject({
        provider: provider.toUpperCase(),
        email: `${provider}${id}@example.com`,
        profileImageUrl: 'https://example.com/me.png',
      });
      const me = await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${first.token}` },
      });
      expect(dataOf<User>(me).id).toBe(first.user.id);
      // The app sent state and an S256 PKCE challenge.
      const sent = fake.authorizations.at(-1);
      expect(sent?.get('code_challenge_method')).toBe('S256');
      expect(sent?.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sent?.get('state')).toBeTruthy();

      const again = (await socialLogin(provider)).result as LoginResponse;
      expect(again.user.id).toBe(first.user.id);
    },
  );

  it('refuses a replayed state and a callback from another browser', async () => {
    fake.signInAs('google', { id: `replay-${Date.now()}`, name: '재사용', emailVerified: false });
    const { landing, browser, callbackPath } = await signInAtProvider('google');
    expect(landing.searchParams.get('tempCode')).toBeTruthy();
    const replay = await app.inject({
      method: 'GET',
      url: callbackPath,
      headers: { cookie: browser },
    });
    expect(String(replay.headers.location)).toContain('error=');
    expect(String(replay.headers.location)).not.toContain('tempCode');

    const elsewhere = await signInAtProvider('google', 'teamup_oauth_browser=someone-else');
    // The state was issued to that cookie, so this one does pass; a stolen callback does not:
    const startA = await app.inject({ method: 'GET', url: '/api/auth/oauth/google/login' });
    const atProvider = await fetch(String(startA.headers.location), { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const stolen = await app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: 'teamup_oauth_browser=attacker' },
    });
    expect(String(stolen.headers.location)).toContain('error=');
    expect(elsewhere.landing.searchParams.get('tempCode')).toBeTruthy();
  });

  it('uses a tempCode once, only in its browser, and only within 60 s', async () => {
    fake.signInAs('kakao', { id: String(Date.now() + 1), name: '한번만' });
    const { landing, browser } = await signInAtProvider('kakao');
    const tempCode = landing.searchParams.get('tempCode') ?? '';
    expectProblem(
      await exchange(tempCode, 'teamup_oauth_browser=other'),
      400,
      'OAUTH_CODE_INVALID',
    );
    expect((await exchange(tempCode, browser)).statusCode).toBe(200);
    expectProblem(await exchange(tempCode, browser), 400, 'OAUTH_CODE_INVALID');

    fake.signInAs('kakao', { id: String(Date.now() + 2), name: '늦은 사람' });
    const late = await signInAtProvider('kakao');
    const realNow = app.context.now;
    app.context.now = () => new Date(realNow().getTime() + 61_000);
    try {
      expectProblem(
        await exchange(late.landing.searchParams.get('tempCode') ?? '', late.browser),
        400,
        'OAUTH_CODE_INVALID',
      );
    } finally {
      app.context.now = realNow;
    }
  });

  it('links a verified e-mail to the local account, never an unverified one', async () => {
    const local = await createUser(app, '로컬 사용자');
    fake.signInAs('kakao', {
      id: String(Date.now() + 3),
      name: '사칭',
      email: local.email,
      emailVerified: false,
    });
    const refused = await signInAtProvider('kakao');
    expect(refused.landing.searchParams.get('error')).toContain('같은 이메일로 가입된 계정');
    expect(refused.landing.searchParams.get('tempCode')).toBeNull();

    fake.signInAs('google', {
      id: `verified-${Date.now()}`,
      name: '본인',
      email: local.email,
      emailVerified: true,
    });
    const linked = (await socialLogin('google')).result as LoginResponse;
    expect(linked.user.id).toBe(local.userId);
    expect(linked.user.provider).toBe('LOCAL');
    const links = await app.inject({
      method: 'GET',
      url: '/api/auth/oauth/links',
      headers: { authorization: `Bearer ${linked.token}` },
    });
    expect(dataOf<OauthLinks>(links)).toEqual({
      google: true,
      kakao: false,
      sso: false,
      hasPassword: true,
    });
  });

  it('reports a provider error or cancel on the callback page', async () => {
    fake.refuseNext('google', 'access_denied');
    const { landing } = await signInAtProvider('google');
    expect(landing.pathname).toBe('/oauth/success');
    expect(landing.searchParams.get('error')).toBe('소셜 로그인이 취소되었습니다.');
  });

  it('keeps social accounts from changing a password and from unlinking without one', async () => {
    fake.signInAs('google', { id: `social-only-${Date.now()}`, name: '소셜 전용' });
    const social = (await socialLogin('google')).result as LoginResponse;
    const auth = { authorization: `Bearer ${social.token}` };
    const change = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: auth,
      payload: { currentPassword: 'x', newPassword: 'NewPass123!' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json<{ detail: string }>().detail).toBe(
      '소셜 로그인 계정은 비밀번호를 변경할 수 없습니다.',
    );
    const unlink = await app.inject({
      method: 'DELETE',
      url: '/api/auth/oauth/google/link',
      headers: auth,
    });
    expectProblem(unlink, 400, 'OAUTH_UNLINK_NEEDS_PASSWORD');
  });

  it('asks a social account with two-step verification on for its code after the provider', async () => {
    const person = { id: `twofa-${Date.now()}`, name: '이중 소셜' };
    fake.signInAs('google', person);
    const first = (await socialLogin('google')).result as LoginResponse;
    const auth = { authorization: `Bearer ${first.token}` };
    const setup = dataOf<TwoFactorSetup>(
      await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: auth }),
    );
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({
      timestamp: app.context.now().getTime(),
    });
    const enabled = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: auth,
      payload: { code },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    fake.signInAs('google', person);
    const second = (await socialLogin('google')).result;
    expect(second).toMatchObject({ twoFactorRequired: true });
    expect(second).not.toHaveProperty('token');
  });

  it('links a provider to the signed-in account from settings, never one linked elsewhere', async () => {
    const owner = await createUser(app, '연결할 사람');
    const auth = { authorization: `Bearer ${owner.token}` };
    const person = { id: String(Date.now() + 7), name: '카카오 본인' };
    fake.signInAs('kakao', person);
    const start = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/kakao/link',
      headers: auth,
    });
    expect(start.statusCode, start.body).toBe(200);
    const browser = cookieOf(start.headers['set-cookie']);
    const atProvider = await fetch(dataOf<{ url: string }>(start).url, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const callback = await app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: browser },
    });
    expect(String(callback.headers.location)).toBe(
      `${PUBLIC_ORIGIN}/#/my-page/account-settings?linked=kakao`,
    );
    const links = await app.inject({ method: 'GET', url: '/api/auth/oauth/links', headers: auth });
    expect(dataOf<OauthLinks>(links)).toMatchObject({ kakao: true, hasPassword: true });
    // Logging in with that Kakao identity now opens the same account.
    fake.signInAs('kakao', person);
    expect(((await socialLogin('kakao')).result as LoginResponse).user.id).toBe(owner.userId);

    // Someone else cannot take the same identity over.
    const other = await createUser(app, '다른 사람');
    fake.signInAs('kakao', person);
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/oauth/kakao/link',
      headers: { authorization: `Bearer ${other.token}` },
    });
    const again = await fetch(dataOf<{ url: string }>(second).url, { redirect: 'manual' });
    const back2 = new URL(again.headers.get('location') ?? '');
    const refused = await app.inject({
      method: 'GET',
      url: back2.pathname + back2.search,
      headers: { cookie: cookieOf(second.headers['set-cookie']) },
    });
    const query = new URLSearchParams(String(refused.headers.location).split('?')[1]);
    expect(query.get('error')).toBe('이 소셜 계정은 이미 다른 TeamUp 계정에 연결되어 있습니다.');
    // Unlinking, with a password on the account, works.
    const unlinked = await app.inject({
      method: 'DELETE',
      url: '/api/auth/oauth/kakao/link',
      headers: auth,
    });
    expect(unlinked.statusCode).toBe(204);
  });
});
