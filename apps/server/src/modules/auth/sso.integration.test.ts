import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  OauthMessages,
  type LoginResponse,
  type LoginResult,
  type OauthLinks,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorSetup,
} from '@teamup/contracts/auth';
import { adminMessages } from '@teamup/contracts/admin';
import {
  call,
  createUser,
  dataOf,
  expectProblem,
  login,
  uniqueEmail,
  type TestUser,
} from '../../../test/factories';
import { startOidcIssuer, type IssuerAccount, type OidcIssuer } from '../../../test/oidc-issuer';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Single sign-on against a real OpenID provider (`oidc-provider`, certified), run here on
 * loopback: discovery, the code flow with PKCE, state and nonce, the ID token's signature and
 * claims, account creation and linking, refused domains, forged and replayed callbacks, logout.
 */

const PUBLIC_ORIGIN = 'http://localhost:8081';
const CLIENT = { id: 'teamup-test', secret: 'teamup-test-secret-that-is-long-enough' };
let issuer: OidcIssuer;
/** SSO offered to every domain. */
let app: TestApp;
/** SSO for school.ac.kr only, and no sign-up without it. */
let schoolApp: TestApp;
/** The open app's first account: its instance admin. */
let admin: TestUser;

const ssoEnv = (extra: Record<string, string> = {}) => ({
  OIDC_ISSUER: issuer.issuer,
  OIDC_CLIENT_ID: CLIENT.id,
  OIDC_CLIENT_SECRET: CLIENT.secret,
  OIDC_DISPLAY_NAME: '한빛대 계정',
  ...extra,
});

beforeAll(async () => {
  issuer = await startOidcIssuer({
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    redirectUris: [`${PUBLIC_ORIGIN}/api/auth/oauth/sso/callback`],
    postLogoutRedirectUris: [`${PUBLIC_ORIGIN}/`],
  });
  app = await createTestApp(ssoEnv());
  admin = await createUser(app, '관리자');
  schoolApp = await createTestApp(
    ssoEnv({ OIDC_ALLOWED_DOMAINS: 'school.ac.kr', OIDC_LOCAL_SIGNUP: 'false' }),
  );
});
afterAll(async () => {
  await app?.close();
  await schoolApp?.close();
  await issuer?.close();
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? '')).split(';')[0] ?? '';

/** The login page's button → the provider (signed in as `account`) → back: where it lands. */
async function signIn(target: TestApp, account: IssuerAccount) {
  const start = await target.inject({ method: 'GET', url: '/api/auth/oauth/sso/login' });
  expect(start.statusCode).toBe(302);
  const authorization = new URL(String(start.headers.location));
  expect(authorization.origin).toBe(issuer.issuer);
  const browser = cookieOf(start.headers['set-cookie']);
  const back = await issuer.authorize(authorization.href, account);
  expect(back.origin + back.pathname).toBe(`${PUBLIC_ORIGIN}/api/auth/oauth/sso/callback`);
  const callbackPath = back.pathname + back.search;
  const callback = await target.inject({
    method: 'GET',
    url: callbackPath,
    headers: { cookie: browser },
  });
  expect(callback.statusCode).toBe(302);
  const landing = new URL(String(callback.headers.location).replace('/#/', '/'));
  return { landing, browser, callbackPath, authorization };
}

/** A whole sign-in: answers the session, or the Korean error the login page would show. */
async function ssoLogin(target: TestApp, account: IssuerAccount) {
  const { landing, browser } = await signIn(target, account);
  const error = landing.searchParams.get('error');
  if (error) return { error };
  const exchanged = await target.inject({
    method: 'POST',
    url: '/api/auth/oauth/exchange-token',
    payload: { tempCode: landing.searchParams.get('tempCode') },
    headers: { cookie: browser },
  });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  return { session: dataOf<LoginResponse>(exchanged) };
}

let counter = 0;
const person = (overrides: Partial<IssuerAccount> = {}): IssuerAccount => {
  counter += 1;
  return {
    sub: `sso-${Date.now()}-${counter}`,
    email: `student${Date.now()}${counter}@school.ac.kr`,
    emailVerified: true,
    name: `학생 ${counter}`,
    ...overrides,
  };
};

describe('single sign-on', () => {
  it('is offered under its name, with PKCE, state and nonce on the way out', async () => {
    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(dataOf(providers)).toEqual({
      google: false,
      kakao: false,
      sso: { name: '한빛대 계정' },
    });
    const { authorization } = await signIn(app, person());
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('scope')).toBe('openid email profile');
  });

  it('makes the account at the first sign-in and signs the same account in again', async () => {
    const account = person({ name: '김민지' });
    const first = await ssoLogin(app, account);
    expect(first.session?.user).toMatchObject({
      provider: 'SSO',
      email: account.email,
      name: '김민지',
    });
    const again = await ssoLogin(app, { ...account, name: '이름 바뀜' });
    expect(again.session?.user.id).toBe(first.session?.user.id);
    const links = await call(
      app,
      { token: again.session?.token ?? '' },
      'GET',
      '/api/auth/oauth/links',
    );
    expect(dataOf<OauthLinks>(links)).toMatchObject({ sso: true, hasPassword: false });
  });

  it('links to an existing account by a verified e-mail only', async () => {
    const existing = await createUser(app, '기존 사용자');
    const me = dataOf<{ email: string }>(await call(app, existing, 'GET', '/api/users/me'));
    const unverified = await ssoLogin(app, person({ email: me.email, emailVerified: false }));
    expect(unverified.error).toBe(OauthMessages.emailTaken);
    const verified = await ssoLogin(app, person({ email: me.email, emailVerified: true }));
    expect(verified.session?.user.id).toBe(existing.userId);
  });

  it('takes only the allowed domains, whose addresses count as verified', async () => {
    const outside = await ssoLogin(schoolApp, person({ email: `x${Date.now()}@gmail.com` }));
    expect(outside.error).toBe(OauthMessages.ssoDomain);
    // Entra ID sends no email_verified: the school's provider vouches for its own domain.
    const inside = await ssoLogin(
      schoolApp,
      person({ email: `y${Date.now()}@dept.school.ac.kr`, emailVerified: false }),
    );
    expect(inside.session?.user.provider).toBe('SSO');
    const withoutEmail = await ssoLogin(schoolApp, { sub: `no-mail-${Date.now()}`, name: '무명' });
    expect(withoutEmail.error).toBe(OauthMessages.ssoEmailMissing);
  });

  it('closes sign-up without SSO when OIDC_LOCAL_SIGNUP=false, and under the SSO_ONLY policy', async () => {
    const local = await schoolApp.inject({
      method: 'POST',
      url: '/api/auth/email/request',
      payload: { email: uniqueEmail('local') },
    });
    expectProblem(local, 403, 'REGISTRATION_CLOSED');
    expect(local.body).toContain(adminMessages.registrationSsoOnly('한빛대 계정'));

    // On the open app, its admin chooses SSO_ONLY.
    const policy = await call(app, admin, 'PUT', '/api/admin/settings', {
      registration: 'SSO_ONLY',
      allowedDomains: [],
    });
    expect(policy.statusCode, policy.body).toBe(200);
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/api/auth/email/request',
        payload: { email: uniqueEmail('local') },
      }),
      403,
      'REGISTRATION_CLOSED',
    );
    expect((await ssoLogin(app, person())).session?.user.provider).toBe('SSO');
    await call(app, admin, 'PUT', '/api/admin/settings', {
      registration: 'OPEN',
      allowedDomains: [],
    });
  });

  it('refuses a replayed callback, a forged state and a code from another login', async () => {
    const { browser, callbackPath } = await signIn(app, person());
    const before = issuer.tokenRequests;
    const replay = await app.inject({
      method: 'GET',
      url: callbackPath,
      headers: { cookie: browser },
    });
    expect(String(replay.headers.location)).toContain(
      `error=${encodeURIComponent(OauthMessages.stateInvalid)}`.replace(/%20/g, '+'),
    );
    expect(issuer.tokenRequests).toBe(before);

    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/oauth/sso/callback?code=made-up&state=never-issued',
      headers: { cookie: browser },
    });
    expect(
      new URL(String(forged.headers.location).replace('/#/', '/')).searchParams.get('error'),
    ).toBe(OauthMessages.stateInvalid);

    // Login A's state with login B's code: B's code was bound to B's PKCE challenge and nonce.
    const a = await app.inject({ method: 'GET', url: '/api/auth/oauth/sso/login' });
    const aBrowser = cookieOf(a.headers['set-cookie']);
    const aState = new URL(String(a.headers.location)).searchParams.get('state') ?? '';
    const b = await app.inject({ method: 'GET', url: '/api/auth/oauth/sso/login' });
    const bBack = await issuer.authorize(String(b.headers.location), person());
    const mixed = new URLSearchParams(bBack.search);
    mixed.set('state', aState);
    const crossed = await app.inject({
      method: 'GET',
      url: `/api/auth/oauth/sso/callback?${mixed.toString()}`,
      headers: { cookie: aBrowser },
    });
    expect(
      new URL(String(crossed.headers.location).replace('/#/', '/')).searchParams.get('error'),
    ).toBe(OauthMessages.providerFailed);
  });

  it('keeps a deactivated person out', async () => {
    const account = person();
    const made = await ssoLogin(app, account);
    const userId = made.session?.user.id ?? 0;
    const done = await call(app, admin, 'POST', `/api/admin/users/${userId}/deactivate`);
    expect(done.statusCode, done.body).toBeLessThan(300);
    expect((await ssoLogin(app, account)).error).toBe(adminMessages.accountDeactivated);
  });

  it('signs out at the provider too (RP-initiated logout)', async () => {
    const made = await ssoLogin(app, person());
    const session = { token: made.session?.token ?? '' };
    const end = dataOf<{ url: string | null }>(
      await call(app, session, 'GET', '/api/auth/sso/end-session'),
    );
    const url = new URL(end.url ?? '');
    expect(url.origin).toBe(issuer.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.id);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_ORIGIN}/`);
    expect((await issuer.endSession(url.href)).href).toBe(`${PUBLIC_ORIGIN}/`);

    const local = await createUser(app, '비밀번호 사용자');
    expect(
      dataOf<{ url: string | null }>(await call(app, local, 'GET', '/api/auth/sso/end-session')),
    ).toEqual({ url: null });
  });

  it('signs out at the provider only a session signed in through SSO, two-step or not', async () => {
    const endSessionOf = async (session: { token: string }) =>
      dataOf<{ url: string | null }>(await call(app, session, 'GET', '/api/auth/sso/end-session'))
        .url;
    // A password user whose account SSO then linked (by its verified address).
    const both = await createUser(app, '비밀번호와 SSO');
    const me = dataOf<{ email: string }>(await call(app, both, 'GET', '/api/users/me'));
    const account = person({ email: me.email, emailVerified: true });
    const viaSso = await ssoLogin(app, account);
    expect(viaSso.session?.user.id).toBe(both.userId);
    expect(await endSessionOf({ token: viaSso.session?.token ?? '' })).toMatch(issuer.issuer);
    // Signed in with the password, before and after the link: TeamUp only.
    expect(await endSessionOf(both)).toBeNull();
    expect(await endSessionOf(await login(app, me.email))).toBeNull();

    // With two-step verification on, the SSO sign-in's session (opened by the second step)
    // still knows it came through SSO; the password's still does not.
    const setup = dataOf<TwoFactorSetup>(await call(app, both, 'POST', '/api/auth/2fa/setup'));
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    const enabled = await call(app, both, 'POST', '/api/auth/2fa/enable', {
      code: code.generate({ timestamp: app.context.now().getTime() }),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const [first, second] = dataOf<RecoveryCodes>(enabled).recoveryCodes;
    const secondStep = async (challenge: LoginResult, recoveryCode: string | undefined) => {
      expect(challenge).toMatchObject({ twoFactorRequired: true });
      const done = await app.inject({
        method: 'POST',
        url: '/api/auth/login/2fa',
        payload: { challengeToken: (challenge as TwoFactorChallenge).challengeToken, recoveryCode },
      });
      expect(done.statusCode, done.body).toBe(200);
      return dataOf<LoginResponse>(done);
    };
    // With two-step on, the exchange answers the challenge where it answered the session.
    const ssoChallenge = (await ssoLogin(app, account)).session as LoginResult;
    const ssoSession = await secondStep(ssoChallenge, first);
    expect(await endSessionOf(ssoSession)).toMatch(issuer.issuer);
    const passwordChallenge = dataOf<LoginResult>(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: me.email, password: 'Password1' },
      }),
    );
    expect(await endSessionOf(await secondStep(passwordChallenge, second))).toBeNull();
  });
});
