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
    const session = await startSession(app.context, row.id, {}, { ip: '127.0.0.1' });
    const refused = await put(
      '/api/users/password',
      { currentPassword: 'whatever1', newPassword: 'Password2' },
      session.token,
    );
    expect(expectProblem(refused, 400, 'SOCIAL_ACCOUNT_PASSWORD').detail).toContain('소셜 로그인');
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
      newPassword: 'Password9',
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
