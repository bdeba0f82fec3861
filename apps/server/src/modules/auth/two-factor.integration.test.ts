import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LoginResponse,
  LoginResult,
  RecoveryCodes,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@teamup/contracts/auth';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { respell, signatureBytes } from '../../../test/token-spelling';

let app: TestApp;
let clockOffsetMs = 0;

beforeAll(async () => {
  app = await createTestApp();
  const realNow = app.context.now;
  app.context.now = () => new Date(realNow().getTime() + clockOffsetMs);
});
afterAll(async () => {
  await app?.close();
});

/** What the authenticator app shows now (on the server's clock). */
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: app.context.now().getTime(),
  });

/** Moves the shared clock to the next 30-second step, so a fresh code exists. */
const nextStep = () => {
  clockOffsetMs += 30_000;
};

const passwordLogin = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Password1' },
  });

const secondStep = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/auth/login/2fa', payload });

async function enrol(user: TestUser) {
  const setup = dataOf<TwoFactorSetup>(await call(app, user, 'POST', '/api/auth/2fa/setup'));
  const enabled = await call(app, user, 'POST', '/api/auth/2fa/enable', {
    code: codeFor(setup.secret),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret: setup.secret, codes: dataOf<RecoveryCodes>(enabled).recoveryCodes };
}

async function challengeFor(email: string) {
  const result = dataOf<LoginResult>(await passwordLogin(email));
  expect(result).toMatchObject({ twoFactorRequired: true });
  return (result as TwoFactorChallenge).challengeToken;
}

describe('two-step verification', () => {
  it('requires authentication', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/2fa'],
      ['POST', '/api/auth/2fa/setup'],
      ['POST', '/api/auth/2fa/enable'],
      ['POST', '/api/auth/2fa/disable'],
    ] as const) {
      expectProblem(await app.inject({ method, url }), 401, 'AUTH_REQUIRED');
    }
  });

  it('enrols with a QR code confirmed by a first code, then asks for a code at login', async () => {
    const user = await createUser(app, '이중 인증');
    const setup = dataOf<TwoFactorSetup>(await call(app, user, 'POST', '/api/auth/2fa/setup'));
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/TeamUp:.*secret=/);
    expect(setup.qrSvg).toContain('<svg');
    // Not on until confirmed: login still answers tokens.
    expect(dataOf<LoginResult>(await passwordLogin(user.email))).toHaveProperty('token');
    expectProblem(
      await call(app, user, 'POST', '/api/auth/2fa/enable', { code: '000000' }),
      401,
      'TWO_FACTOR_CODE_INVALID',
    );
    const enabled = await call(app, user, 'POST', '/api/auth/2fa/enable', {
      code: codeFor(setup.secret),
    });
    const { recoveryCodes } = dataOf<RecoveryCodes>(enabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(dataOf<TwoFactorStatus>(await call(app, user, 'GET', '/api/auth/2fa'))).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expectProblem(
      await call(app, user, 'POST', '/api/auth/2fa/setup'),
      409,
      'TWO_FACTOR_ALREADY_ON',
    );

    // Login: password, then the code.
    const challengeToken = await challengeFor(user.email);
    expectProblem(
      await secondStep({ challengeToken, code: '123456' }),
      401,
      'TWO_FACTOR_CODE_INVALID',
    );
    nextStep();
    const code = codeFor(setup.secret);
    const done = await secondStep({ challengeToken, code });
    expect(done.statusCode, done.body).toBe(200);
    const tokens = dataOf<LoginResponse>(done);
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    expect(me.statusCode).toBe(200);
    // The same code is not accepted twice, even with a new challenge.
    expectProblem(
      await secondStep({ challengeToken: await challengeFor(user.email), code }),
      401,
      'TWO_FACTOR_CODE_INVALID',
    );
    // A challenge is not an access token, and a made-up one is refused.
    const asBearer = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${challengeToken}` },
    });
    expect(asBearer.statusCode).toBe(401);
    expectProblem(
      await secondStep({ challengeToken: 'nonsense', code }),
      401,
      'TWO_FACTOR_CHALLENGE_INVALID',
    );
  });

  it('a challenge completes one login only', async () => {
    const user = await createUser(app, '한 번만');
    const { secret, codes } = await enrol(user);
    const challengeToken = await challengeFor(user.email);
    // Two challenges asked for at once are two different tokens.
    expect(await challengeFor(user.email)).not.toBe(challengeToken);
    nextStep();
    const done = await secondStep({ challengeToken, code: codeFor(secret) });
    expect(done.statusCode, done.body).toBe(200);

    nextStep();
    expectProblem(
      await secondStep({ challengeToken, code: codeFor(secret) }),
      401,
      'TWO_FACTOR_CHALLENGE_INVALID',
    );
    const recoveryCode = codes[0] ?? '';
    expectProblem(
      await secondStep({ challengeToken, recoveryCode }),
      401,
      'TWO_FACTOR_CHALLENGE_INVALID',
    );
    // Refused before the code was looked at: the recovery code still works with a new challenge.
    const fresh = await secondStep({
      challengeToken: await challengeFor(user.email),
      recoveryCode,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('a challenge is spent for every spelling of it, and only its own spelling is taken', async () => {
    const user = await createUser(app, '다른 철자');
    const { secret } = await enrol(user);
    const challengeToken = await challengeFor(user.email);
    const respelled = respell(challengeToken);
    expect(respelled).not.toBe(challengeToken);
    // The same signature bytes: a lenient decoder reads both strings alike.
    expect(signatureBytes(respelled).equals(signatureBytes(challengeToken))).toBe(true);

    // Alone, the second spelling is no challenge...
    nextStep();
    expectProblem(
      await secondStep({ challengeToken: respelled, code: codeFor(secret) }),
      401,
      'TWO_FACTOR_CHALLENGE_INVALID',
    );
    // ...the challenge itself still works once...
    const done = await secondStep({ challengeToken, code: codeFor(secret) });
    expect(done.statusCode, done.body).toBe(200);
    // ...and then neither spelling does.
    nextStep();
    for (const token of [challengeToken, respelled]) {
      expectProblem(
        await secondStep({ challengeToken: token, code: codeFor(secret) }),
        401,
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
    }
  });

  it('takes each recovery code once', async () => {
    const user = await createUser(app, '복구 코드');
    const { codes } = await enrol(user);
    const recoveryCode = (codes[0] ?? '').toUpperCase();
    const first = await secondStep({
      challengeToken: await challengeFor(user.email),
      recoveryCode,
    });
    expect(first.statusCode, first.body).toBe(200);
    expectProblem(
      await secondStep({ challengeToken: await challengeFor(user.email), recoveryCode }),
      401,
      'TWO_FACTOR_CODE_INVALID',
    );
    expect(dataOf<TwoFactorStatus>(await call(app, user, 'GET', '/api/auth/2fa'))).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });
  });

  it('limits wrong codes like wrong passwords', async () => {
    const user = await createUser(app, '무차별 대입');
    const { secret } = await enrol(user);
    const challengeToken = await challengeFor(user.email);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectProblem(
        await secondStep({ challengeToken, code: '000000' }),
        401,
        'TWO_FACTOR_CODE_INVALID',
      );
    }
    nextStep();
    // Even the right code waits once the budget is spent.
    const limited = await secondStep({ challengeToken, code: codeFor(secret) });
    expect(limited.statusCode).toBe(429);
  });

  it('turns off with the password or a recovery code, not with a wrong password', async () => {
    const user = await createUser(app, '끄기');
    const { codes } = await enrol(user);
    expectProblem(
      await call(app, user, 'POST', '/api/auth/2fa/disable', {}),
      400,
      'VALIDATION_FAILED',
    );
    expect(
      (await call(app, user, 'POST', '/api/auth/2fa/disable', { password: 'Wrong1234' }))
        .statusCode,
    ).toBe(401);
    const off = await call(app, user, 'POST', '/api/auth/2fa/disable', { password: 'Password1' });
    expect(off.statusCode, off.body).toBe(200);
    expect(dataOf<LoginResult>(await passwordLogin(user.email))).toHaveProperty('token');

    const again = await enrol(user);
    expect(again.codes).not.toEqual(codes);
    const byCode = await call(app, user, 'POST', '/api/auth/2fa/disable', {
      recoveryCode: again.codes[3],
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(dataOf<TwoFactorStatus>(await call(app, user, 'GET', '/api/auth/2fa')).enabled).toBe(
      false,
    );
  });
});
