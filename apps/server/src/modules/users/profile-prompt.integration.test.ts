import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@teamup/contracts/users';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  authHeader,
  call,
  createUser,
  dataOf,
  expectProblem,
  login,
  multipartBody,
  signUp,
  uniqueEmail,
} from '../../../test/factories';

/** The after-login "complete your profile" prompt of issue 41, as GET /users/me tells it. */
describe('profile prompt: /api/users/me profilePromptPending', () => {
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

  /** A new account signed up as the spec does it (named after its e-mail handle), logged in. */
  async function newAccount(label: string) {
    const email = uniqueEmail(label);
    await signUp(app, sink, email);
    return login(app, email);
  }
  const me = async (user: { token: string }) =>
    dataOf<User>(await call(app, user, 'GET', '/api/users/me'));
  const dismiss = (user: { token: string }) =>
    call(app, user, 'POST', '/api/users/me/profile-prompt/dismiss');

  it('is pending for a new account, in the login answer as well; skipping ends it for good', async () => {
    const email = uniqueEmail('prompt-skip');
    await signUp(app, sink, email);
    const loggedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Password1' },
    });
    expect(dataOf<{ user: User }>(loggedIn).user.profilePromptPending).toBe(true);
    const user = await login(app, email);
    expect(await me(user)).toMatchObject({ name: email.split('@')[0], profilePromptPending: true });

    const skipped = await dismiss(user);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(dataOf<User>(skipped).profilePromptPending).toBe(false);
    // Another device (a new login) is not asked again; skipping twice is harmless.
    const elsewhere = await login(app, email);
    expect((await me(elsewhere)).profilePromptPending).toBe(false);
    expect(dataOf<User>(await dismiss(elsewhere)).profilePromptPending).toBe(false);
  });

  it('ends once the profile is saved, even with the name unchanged', async () => {
    const user = await newAccount('prompt-save');
    const before = await me(user);
    expect(before.profilePromptPending).toBe(true);
    const saved = await call(app, user, 'PUT', '/api/users/me', { name: before.name });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<User>(saved)).toMatchObject({ name: before.name, profilePromptPending: false });
    expect((await me(user)).profilePromptPending).toBe(false);
  });

  it('is not pending for an account that already has its own name or a photo', async () => {
    const named = await createUser(app, '김하늘');
    expect(await me(named)).toMatchObject({ name: '김하늘', profilePromptPending: false });

    const withPhoto = await newAccount('prompt-photo');
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#4c6ef5' },
    })
      .png()
      .toBuffer();
    const body = multipartBody([
      { name: 'file', filename: 'me.png', type: 'image/png', content: png },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/users/me/profile-image',
      payload: body.payload,
      headers: { ...authHeader(withPhoto.token), ...body.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await me(withPhoto)).profilePromptPending).toBe(false);
  });

  it("is the owner's alone: another member's profile does not carry it", async () => {
    const viewer = await createUser(app);
    const profile = await call(app, viewer, 'GET', `/api/users/${viewer.userId}`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(dataOf<object>(profile)).not.toHaveProperty('profilePromptPending');
  });

  it('requires authentication', async () => {
    expectProblem(
      await app.inject({ method: 'POST', url: '/api/users/me/profile-prompt/dismiss' }),
      401,
      'AUTH_REQUIRED',
    );
  });
});
