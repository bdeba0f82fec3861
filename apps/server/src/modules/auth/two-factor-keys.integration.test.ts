import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, TwoFactorChallenge, TwoFactorSetup } from '@teamup/contracts/auth';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { totpFactors } from '../../db/schema';
import type { Database } from '../../db/client';
import { call, createUser, dataOf } from '../../../test/factories';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app';

/**
 * 2-step seeds are sealed apart from JWT_SECRET: with DATA_ENCRYPTION_KEY set, the JWT secret can
 * be rotated and every 2-step factor keeps working; seeds sealed before the key existed (under
 * the JWT secret) still open and are sealed again under the key on their next use.
 */

const JWT_ONE = 'first-jwt-secret-that-is-long-enough-for-hs256';
const JWT_TWO = 'second-jwt-secret-after-rotation-also-long-enough';
const DATA_KEY = 'data-encryption-key-that-is-long-enough-32b';

let database: Database;
let clockOffsetMs = 0;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await database?.close();
});

/** An app on the shared database; each gets the clock one 30-second step further on. */
async function appWith(env: Record<string, string>) {
  const app = await createTestApp(env, { database });
  apps.push(app);
  const realNow = app.context.now;
  app.context.now = () => new Date(realNow().getTime() + clockOffsetMs);
  clockOffsetMs += 30_000;
  return app;
}

const codeFor = (app: TestApp, secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: app.context.now().getTime(),
  });

/** Password, then the code: answers the second step's status (and its problem code). */
async function signInWithCode(app: TestApp, email: string, secret: string) {
  return (await secondStep(app, email, secret)).statusCode;
}

async function secondStep(app: TestApp, email: string, secret: string) {
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Password1' },
  });
  const result = dataOf<LoginResult>(first);
  expect(result).toMatchObject({ twoFactorRequired: true });
  const { challengeToken } = result as TwoFactorChallenge;
  const second = await app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    payload: { challengeToken, code: codeFor(app, secret) },
  });
  return second;
}

const sealedSeed = async (userId: number) =>
  (await database.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)))[0]
    ?.secretEncrypted;

async function enrolled(app: TestApp) {
  const user = await createUser(app, '키 교체');
  const setup = dataOf<TwoFactorSetup>(await call(app, user, 'POST', '/api/auth/2fa/setup'));
  const enabled = await call(app, user, 'POST', '/api/auth/2fa/enable', {
    code: codeFor(app, setup.secret),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { user, secret: setup.secret };
}

describe('2-step seeds and key rotation', () => {
  it('with DATA_ENCRYPTION_KEY set, rotating JWT_SECRET keeps 2-step login working', async () => {
    const before = await appWith({ JWT_SECRET: JWT_ONE, DATA_ENCRYPTION_KEY: DATA_KEY });
    const { user, secret } = await enrolled(before);
    const after = await appWith({ JWT_SECRET: JWT_TWO, DATA_ENCRYPTION_KEY: DATA_KEY });
    expect(await signInWithCode(after, user.email, secret)).toBe(200);
  });

  it('seeds sealed before the key existed open, are sealed again, then survive a rotation', async () => {
    const legacy = await appWith({ JWT_SECRET: JWT_ONE });
    const { user, secret } = await enrolled(legacy);
    const sealedBefore = await sealedSeed(user.userId);

    const keyed = await appWith({ JWT_SECRET: JWT_ONE, DATA_ENCRYPTION_KEY: DATA_KEY });
    expect(await signInWithCode(keyed, user.email, secret)).toBe(200);
    const sealedAfter = await sealedSeed(user.userId);
    expect(sealedAfter).not.toBe(sealedBefore);
    expect(keyed.context.secretBox.unseal(sealedAfter ?? '')).toEqual({
      plain: secret,
      stale: false,
    });

    const rotated = await appWith({ JWT_SECRET: JWT_TWO, DATA_ENCRYPTION_KEY: DATA_KEY });
    expect(await signInWithCode(rotated, user.email, secret)).toBe(200);
  });

  it('without DATA_ENCRYPTION_KEY, rotating JWT_SECRET loses the seeds (why the key exists)', async () => {
    const before = await appWith({ JWT_SECRET: JWT_ONE });
    const { user, secret } = await enrolled(before);
    const after = await appWith({ JWT_SECRET: JWT_TWO });
    // A clear answer the person can act on (sign in with a recovery code), never a 500.
    const lost = await secondStep(after, user.email, secret);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ code: ErrorCode.TWO_FACTOR_UNREADABLE });
  });
});
