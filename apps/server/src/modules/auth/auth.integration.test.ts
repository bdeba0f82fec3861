import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  dataOf,
  authHeader,
  expectProblem,
  login,
  mailedCode,
  post,
  signUp,
  uniqueEmail,
} from '../../../test/factories';

describe('accounts: sign-up, login, tokens, sessions', () => {
  let app: TestApp;
  let sink: SmtpSink;
  let clock = Date.now();

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await createTestApp({ SMTP_URL: sink.url }, { now: () => new Date(clock) });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  it('requires authentication for the session call', async () => {
    expectProblem(
      await app.inject({ method: 'GET', url: '/api/auth/session' }),
      401,
      'AUTH_REQUIRED',
    );
    const bad = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: authHeader('x.y.z'),
    });
    expectProblem(bad, 401, 'TOKEN_INVALID');
  });

  it('signs up with a mailed 6-digit code; the name is the part before @', async () => {
    const email = uniqueEmail('hana');
    const before = await app.inject({
      method: 'GET',
      url: `/api/users/check-duplicate?email=${email}`,
    });
    expect(before.json()).toEqual({ data: { duplicate: false, available: true } });

    const code = await mailedCode(app, sink, email);
    expect(code).toMatch(/^\d{6}$/);
    const resend = await post(app, '/api/auth/email/request', { email });
    expectProblem(resend, 429, 'CODE_RESEND_TOO_SOON');
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(0);

    const weak = await post(app, '/api/users/register', {
      email,
      password: 'password',
      confirmPassword: 'password',
    });
    expect(expectProblem(weak, 400, 'VALIDATION_FAILED').detail).toBe(
      '8자 이상, 대소문자, 숫자를 포함해야 합니다.',
    );
    const unverified = await post(app, '/api/users/register', {
      email,
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    expectProblem(unverified, 400, 'EMAIL_NOT_VERIFIED');

    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(
      await post(app, '/api/auth/email/verify', { email, verificationCode: wrong }),
      400,
      'CODE_INVALID',
    );
    const verified = await post(app, '/api/auth/email/verify', { email, verificationCode: code });
    expect(verified.json()).toEqual({ data: true });

    const mismatch = await post(app, '/api/users/register', {
      email,
      password: 'Password1',
      confirmPassword: 'Password2',
    });
    expect(expectProblem(mismatch, 400, 'VALIDATION_FAILED').detail).toBe(
      '비밀번호가 일치하지 않습니다.',
    );
    const registered = await post(app, '/api/users/register', {
      email,
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    expect(registered.statusCode).toBe(201);
    const user = registered.json<{ data: Record<string, unknown> }>().data;
    expect(user.name).toBe(email.split('@')[0]);
    expect(user.provider).toBe('LOCAL');
    expect(registered.body).not.toMatch(/argon2|passwordHash/);

    const after = await app.inject({
      method: 'GET',
      url: `/api/users/check-duplicate?email=${email}`,
    });
    expect(after.json()).toEqual({ data: { duplicate: true, available: false } });
    clock += 61_000;
    expectProblem(
      await post(app, '/api/auth/email/request', { email }),
      409,
      'EMAIL_ALREADY_REGISTERED',
    );
  });

  it('expires a code after 10 minutes and kills it after 5 wrong tries', async () => {
    const email = uniqueEmail('expiry');
    const code = await mailedCode(app, sink, email);
    clock += 10 * 60_000 + 1000;
    expectProblem(
      await post(app, '/api/auth/email/verify', { email, verificationCode: code }),
      410,
      'CODE_EXPIRED',
    );

    const fresh = await mailedCode(app, sink, email);
    const wrong = fresh === '999999' ? '888888' : '999999';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expectProblem(
        await post(app, '/api/auth/email/verify', { email, verificationCode: wrong }),
        400,
        'CODE_INVALID',
      );
    }
    expectProblem(
      await post(app, '/api/auth/email/verify', { email, verificationCode: wrong }),
      429,
      'CODE_TOO_MANY_ATTEMPTS',
    );
    expectProblem(
      await post(app, '/api/auth/email/verify', { email, verificationCode: fresh }),
      429,
      'CODE_TOO_MANY_ATTEMPTS',
    );
  });

  it('registering an address that is already registered is 409 with the spec’s message', async () => {
    const email = uniqueEmail('twice');
    await signUp(app, sink, email);
    for (const password of ['Password1', 'Other1234']) {
      const again = await post(app, '/api/users/register', {
        email,
        password,
        confirmPassword: password,
      });
      expect(expectProblem(again, 409, 'EMAIL_ALREADY_REGISTERED').detail).toBe(
        '이미 가입된 이메일 주소입니다.',
      );
    }
  });

  it('limits check-duplicate per IP, sharing the budget with sign-up’s 409', async () => {
    const from = (remoteAddress: string) => ({
      check: () =>
        app.inject({
          method: 'GET',
          url: `/api/users/check-duplicate?email=${uniqueEmail('probe')}`,
          remoteAddress,
        }),
      requestCode: (email: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/email/request',
          remoteAddress,
          payload: { email },
        }),
    });
    const prober = from('198.51.100.20');
    for (let i = 0; i < 100; i += 1) expect((await prober.check()).statusCode).toBe(200);
    const limited = await prober.check();
    expectProblem(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The sign-up code request's 409 says the same thing: refused too, before it can.
    const registered = uniqueEmail('known');
    await signUp(app, sink, registered);
    expectProblem(await prober.requestCode(registered), 429, 'RATE_LIMITED');
    // Another address is not affected.
    expectProblem(
      await from('198.51.100.21').requestCode(registered),
      409,
      'EMAIL_ALREADY_REGISTERED',
    );
    expect((await from('198.51.100.21').check()).statusCode).toBe(200);
  });

  it('logs in with clientInfo kept per session, and restores the user from the session call', async () => {
    const email = uniqueEmail('login');
    await signUp(app, sink, email);
    expectProblem(
      await post(app, '/api/auth/login', { email, password: 'Wrong1234' }),
      401,
      'INVALID_CREDENTIALS',
    );
    expectProblem(
      await post(app, '/api/auth/login', { email: uniqueEmail('nobody'), password: 'Password1' }),
      401,
      'INVALID_CREDENTIALS',
    );
    const tokens = await login(app, email, 'Password1', { userAgent: 'Vitest', platform: 'Linux' });
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: authHeader(tokens.token),
    });
    expect(dataOf(session)).toMatchObject({ authenticated: true, user: { email } });
    expect(session.body).not.toMatch(/argon2|passwordHash/);

    const list = await app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: authHeader(tokens.token),
    });
    const sessions = list.json<{
      data: Array<{ current: boolean; clientInfo: Record<string, string> }>;
    }>().data;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      current: true,
      clientInfo: { userAgent: 'Vitest', platform: 'Linux' },
    });
  });

  it('rotates refresh tokens and revokes the family when a spent one comes back', async () => {
    const email = uniqueEmail('rotate');
    await signUp(app, sink, email);
    const first = await login(app, email);
    const rotated = await post(app, '/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ data: { token: string; refreshToken: string } }>().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);

    expectProblem(
      await post(app, '/api/auth/refresh', { refreshToken: first.refreshToken }),
      401,
      'REFRESH_TOKEN_REUSED',
    );
    expectProblem(
      await post(app, '/api/auth/refresh', { refreshToken: second.refreshToken }),
      401,
      'REFRESH_TOKEN_INVALID',
    );
    const revoked = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: authHeader(second.token),
    });
    expectProblem(revoked, 401, 'SESSION_REVOKED');
    expectProblem(await post(app, '/api/auth/refresh', {}), 401, 'REFRESH_TOKEN_MISSING');
    expectProblem(
      await post(app, '/api/auth/refresh', { refreshToken: 'nonsense' }),
      401,
      'REFRESH_TOKEN_INVALID',
    );
  });

  it('logout and session revocation take effect at once; another user’s session is not found', async () => {
    const email = uniqueEmail('logout');
    await signUp(app, sink, email);
    const phone = await login(app, email);
    const laptop = await login(app, email);
    const other = await login(app, (await signUpOther()).email);

    const phoneSessions = await app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: authHeader(phone.token),
    });
    const laptopSession = phoneSessions
      .json<{ data: Array<{ id: number; current: boolean }> }>()
      .data.find((session) => !session.current);
    expect(laptopSession).toBeDefined();
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopSession?.id}`,
      headers: authHeader(other.token),
    });
    expectProblem(foreign, 404, 'NOT_FOUND');
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopSession?.id}`,
      headers: authHeader(phone.token),
    });
    expect(revoke.statusCode).toBe(204);
    expectProblem(
      await app.inject({ method: 'GET', url: '/api/users/me', headers: authHeader(laptop.token) }),
      401,
      'SESSION_REVOKED',
    );

    const out = await post(
      app,
      '/api/auth/logout',
      { clientInfo: { userAgent: 'Vitest' } },
      phone.token,
    );
    expect(out.json()).toMatchObject({ data: true });
    expectProblem(
      await app.inject({ method: 'GET', url: '/api/users/me', headers: authHeader(phone.token) }),
      401,
      'SESSION_REVOKED',
    );
    // A logout with no body at all (as curl or a beacon sends it) is fine too.
    const laptopAgain = await login(app, email);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: authHeader(laptopAgain.token),
        })
      ).statusCode,
    ).toBe(200);
    expectProblem(
      await post(app, '/api/auth/refresh', { refreshToken: phone.refreshToken }),
      401,
      'REFRESH_TOKEN_INVALID',
    );
  });

  async function signUpOther() {
    const email = uniqueEmail('other');
    await signUp(app, sink, email);
    return { email };
  }

  it('refuses an Account-Id header or accountId query naming someone else', async () => {
    const email = uniqueEmail('echo');
    await signUp(app, sink, email);
    const me = await login(app, email);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/users/me?accountId=${me.userId}`,
      headers: { ...authHeader(me.token), 'account-id': String(me.userId) },
    });
    expect(mine.statusCode).toBe(200);
    const header = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...authHeader(me.token), 'account-id': String(me.userId + 1) },
    });
    expectProblem(header, 403, 'ACCOUNT_MISMATCH');
    const query = await app.inject({
      method: 'GET',
      url: `/api/users/me?accountId=${me.userId + 1}`,
      headers: authHeader(me.token),
    });
    expectProblem(query, 403, 'ACCOUNT_MISMATCH');
  });

  it('limits failed logins per account with Retry-After, even for the right password', async () => {
    const email = uniqueEmail('brute');
    await signUp(app, sink, email);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectProblem(
        await post(app, '/api/auth/login', { email, password: `Wrong${attempt}aA` }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    const limited = await post(app, '/api/auth/login', { email, password: 'Password1' });
    expectProblem(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('hashes with argon2id at OWASP minimum and never truncates a long password', async () => {
    const email = uniqueEmail('long');
    const password = `Aa1${'가나다라마바사아자차'.repeat(7)}xyz`;
    expect(password.length).toBeGreaterThan(64);
    await signUp(app, sink, email, password);
    const { findCredentials } = await import('../users/users.service');
    const credentials = await findCredentials(app.context, email);
    expect(credentials?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expectProblem(
      await post(app, '/api/auth/login', { email, password: password.slice(0, -1) }),
      401,
      'INVALID_CREDENTIALS',
    );
    await login(app, email, password);
  });
});
