import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { MailMessage, Mailer } from '../../platform/mail/mailer';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  dataOf,
  authHeader,
  createUser,
  expectProblem,
  login,
  mailedCode,
  post,
  signUp,
  uniqueEmail,
  withoutRequestId,
} from '../../../test/factories';
import { insertUser } from '../users/users.repo';
import { startSession } from './auth.service';

describe('password change and reset', () => {
  let app: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await createTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  const put = (url: string, payload: object, token?: string) =>
    app.inject({ method: 'PUT', url, payload, headers: token ? authHeader(token) : {} });
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/users/me', headers: authHeader(token) });

  it('requires authentication to change the password', async () => {
    expectProblem(
      await put('/api/users/password', { currentPassword: 'a', newPassword: 'Password2' }),
      401,
      'AUTH_REQUIRED',
    );
  });

  it('changes a local password, keeping this session and signing out the others', async () => {
    const email = uniqueEmail('change');
    await signUp(app, sink, email);
    const current = await login(app, email);
    const elsewhere = await login(app, email);

    const wrong = await put(
      '/api/users/password',
      { currentPassword: 'Nope1234', newPassword: 'Password2' },
      current.token,
    );
    expect(expectProblem(wrong, 401, 'CURRENT_PASSWORD_WRONG').detail).toBe(
      '현재 비밀번호가 올바르지 않습니다.',
    );
    const short = await put(
      '/api/users/password',
      { currentPassword: 'Password1', newPassword: 'short' },
      current.token,
    );
    expectProblem(short, 400, 'VALIDATION_FAILED');

    const changed = await put(
      '/api/users/password',
      { currentPassword: 'Password1', newPassword: 'Password2' },
      current.token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(current.token)).statusCode).toBe(200);
    expectProblem(await me(elsewhere.token), 401, 'SESSION_REVOKED');
    expectProblem(
      await post(app, '/api/auth/login', { email, password: 'Password1' }),
      401,
      'INVALID_CREDENTIALS',
    );
    await login(app, email, 'Password2');
  });

  it('refuses a password change for a social-login account', async () => {
    const email = uniqueEmail('google');
    const row = await insertUser(app.context.database.db, {
      email,
      name: '구글',
      provider: 'GOOGLE',
      providerUserId: 'g-1',
    });
    if (!row) throw new Error('user not inserted');
    const session = await startSession(app.context, row.id, {}, { ip: '127.0.0.1' }, 'PASSWORD');
    const refused = await put(
      '/api/users/password',
      { currentPassword: 'whatever1', newPassword: 'Password2' },
      session.token,
    );
    expect(expectProblem(refused, 400, 'SOCIAL_ACCOUNT_PASSWORD').detail).toContain('소셜 로그인');
  });

  it('refuses abcdefgh with one message on every route that sets a password (issue 41)', async () => {
    const policy = '8자 이상, 대소문자, 숫자를 포함해야 합니다.';
    const email = uniqueEmail('policy');
    await signUp(app, sink, email);
    const session = await login(app, email);
    const register = await post(app, '/api/users/register', {
      email: uniqueEmail('policy-new'),
      password: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    const change = await put(
      '/api/users/password',
      { currentPassword: 'Password1', newPassword: 'abcdefgh' },
      session.token,
    );
    const reset = await post(app, '/api/auth/reset-password', {
      email,
      resetCode: '123456',
      newPassword: 'abcdefgh',
    });
    for (const refused of [register, change, reset]) {
      const problem = expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(problem.detail).toBe(policy);
    }
    // The old password still signs in: the change was refused.
    await login(app, email, 'Password1');
  });

  it('resets with the mailed code in three steps, signing every session out', async () => {
    const email = uniqueEmail('reset');
    await signUp(app, sink, email);
    const before = await login(app, email);

    const code = await mailedCode(app, sink, email, '/api/auth/send-password-reset-email');
    const wrong = code === '123456' ? '654321' : '123456';
    const check = await post(app, '/api/auth/verify-reset-code', { email, resetCode: wrong });
    expect(dataOf(check)).toMatchObject({
      valid: false,
      message: '인증 코드가 올바르지 않습니다.',
    });
    const good = await post(app, '/api/auth/verify-reset-code', { email, resetCode: code });
    expect(dataOf(good)).toMatchObject({ valid: true });

    const weak = await post(app, '/api/auth/reset-password', {
      email,
      resetCode: code,
      newPassword: 'abcdefgh',
    });
    expectProblem(weak, 400, 'VALIDATION_FAILED');
    const reset = await post(app, '/api/auth/reset-password', {
      email,
      resetCode: code,
      newPassword: 'Password9!',
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expectProblem(await me(before.token), 401, 'SESSION_REVOKED');
    expectProblem(
      await post(app, '/api/auth/login', { email, password: 'Password1' }),
      401,
      'INVALID_CREDENTIALS',
    );
    await login(app, email, 'Password9!');
    const reused = await post(app, '/api/auth/reset-password', {
      email,
      resetCode: code,
      newPassword: 'Another9!',
    });
    expectProblem(reused, 400, 'CODE_INVALID');
  });

  it('answers the same for an unknown address and sends no mail', async () => {
    const email = uniqueEmail('ghost');
    const response = await post(app, '/api/auth/send-password-reset-email', { email });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ resendAfterSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails.some((mail) => mail.envelopeTo.includes(email))).toBe(false);
  });
});

describe('the reset request does not tell whether an address is registered', () => {
  let app: TestApp;
  let clock = Date.now();
  const MAIL_DELAY_MS = 3000;
  const sent: MailMessage[] = [];
  const sendFailures: string[] = [];
  /** A slow mail server: answering must not wait for it. Addresses with `bounce` fail. */
  const slowMailer: Mailer = {
    send: async (message) => {
      await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
      if (message.to.includes('bounce')) {
        sendFailures.push(message.to);
        throw new Error('550 mailbox unavailable');
      }
      sent.push(message);
    },
    close: async () => undefined,
  };

  beforeAll(async () => {
    app = await createTestApp({}, { now: () => new Date(clock), mailer: slowMailer });
  });
  afterAll(async () => {
    await app.close();
  });

  const ask = (email: string) => post(app, '/api/auth/send-password-reset-email', { email });
  const answerOf = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: withoutRequestId(response.body),
    retryAfter: response.headers['retry-after'],
  });
  /** The same call for both addresses: answers the two answers. */
  async function both(
    addresses: string[],
    send: (email: string) => Promise<LightMyRequestResponse>,
  ) {
    const answers = [];
    for (const email of addresses) answers.push(answerOf(await send(email)));
    return answers;
  }
  const mailedResetCode = async (email: string) => {
    await vi.waitFor(() => expect(sent.some((mail) => mail.to === email)).toBe(true), {
      timeout: MAIL_DELAY_MS * 3,
      interval: 50,
    });
    const mail = sent.findLast((message) => message.to === email);
    return /(\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
  };

  it('answers the same status and body, and the same again within the resend window', async () => {
    const addresses = [(await createUser(app)).email, uniqueEmail('ghost')];
    const [registered, unknown] = await both(addresses, ask);
    expect(registered?.status).toBe(200);
    expect(registered).toEqual(unknown);

    clock += 10_000;
    const [registeredAgain, unknownAgain] = await both(addresses, ask);
    expect(registeredAgain?.status).toBe(429);
    expect(JSON.parse(registeredAgain?.body ?? '{}')).toMatchObject({
      code: 'CODE_RESEND_TOO_SOON',
    });
    expect(registeredAgain).toEqual(unknownAgain);

    clock += 60_000;
    const [registeredLater, unknownLater] = await both(addresses, ask);
    expect(registeredLater?.status).toBe(200);
    expect(registeredLater).toEqual(unknownLater);
  });

  it('limits wrong codes identically for both', async () => {
    clock += 61_000;
    const registeredEmail = (await createUser(app)).email;
    const addresses = [registeredEmail, uniqueEmail('ghost')];
    await both(addresses, ask);
    const code = await mailedResetCode(registeredEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (email: string) =>
      post(app, '/api/auth/verify-reset-code', { email, resetCode: wrong });
    const reset = (email: string) =>
      post(app, '/api/auth/reset-password', {
        email,
        resetCode: wrong,
        newPassword: 'Password9!',
      });
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const [registered, unknown] = await both(addresses, attempt % 2 ? verify : reset);
      expect(registered, `attempt ${attempt}`).toEqual(unknown);
      statuses.push(registered?.status ?? 0);
    }
    // Wrong codes are refused, then the code is used up: both addresses get there together.
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('answers a registered address without waiting for its mail, which still goes out', async () => {
    clock += 61_000;
    const email = (await createUser(app)).email;
    const started = performance.now();
    const response = await ask(email);
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(MAIL_DELAY_MS / 2);
    expect(await mailedResetCode(email)).toMatch(/^\d{6}$/);
  });

  it('a mail that fails after the answer fails neither the answer nor the server', async () => {
    const email = uniqueEmail('bounce');
    await insertUser(app.context.database.db, { email, name: '반송', provider: 'LOCAL' });
    const response = await ask(email);
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(sendFailures).toContain(email), {
      timeout: MAIL_DELAY_MS * 3,
      interval: 50,
    });
  });
});
