import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  TwoFactorMessages as M,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@teamup/contracts/auth';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { signInMethods, type SignInMethod } from '../../db/schema';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { hashOpaqueToken } from '../../platform/auth/tokens';
import {
  badRequest,
  conflict,
  tooManyRequests,
  unauthorized,
} from '../../platform/errors/app-error';
import * as users from '../users/users.service';
import * as repo from './two-factor.repo';

const ISSUER = 'TeamUp';
const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** How long the second login step may take after the password (or the provider). */
const CHALLENGE_SECONDS = 5 * 60;
/** Wrong codes share the password's budget: 10 per account in 15 minutes. */
const FAILURES_PER_ACCOUNT = 10;
const FAILURE_WINDOW_SECONDS = 15 * 60;
// No 0/O or 1/l/I: recovery codes are typed from paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpFor = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? 'a';
  const half = () => Array.from({ length: 5 }, pick).join('');
  return `${half()}-${half()}`;
}

/** Recovery codes match however they are typed: case, spaces and dashes do not matter. */
const recoveryHash = (code: string) => hashOpaqueToken(code.toLowerCase().replace(/[\s-]/g, ''));

export async function status(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const factor = await repo.findFactor(ctx.database.db, userId);
  const enabled = Boolean(factor?.enabledAt);
  return {
    enabled,
    recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(ctx.database.db, userId) : 0,
  };
}

export async function isEnabled(ctx: AppContext, userId: number): Promise<boolean> {
  return Boolean((await repo.findFactor(ctx.database.db, userId))?.enabledAt);
}

/** A new secret, shown once as text and as a QR code; on only after `enable` with a code. */
export async function setup(ctx: AppContext, userId: number): Promise<TwoFactorSetup> {
  if (await isEnabled(ctx, userId)) throw conflict(ErrorCode.TWO_FACTOR_ALREADY_ON, M.alreadyOn);
  const user = await users.getUser(ctx, userId);
  const secret = new Secret({ size: 20 }).base32;
  await repo.savePendingFactor(ctx.database.db, userId, ctx.secretBox.seal(secret));
  const otpauthUrl = totpFor(secret, user.email).toString();
  // Loaded when someone sets 2-step up, not at every start.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}

/** Refuses at once when this account has spent its budget of wrong codes. */
async function assertBudget(ctx: AppContext, key: string) {
  const budget = await ctx.limiter.peek(key, FAILURES_PER_ACCOUNT, FAILURE_WINDOW_SECONDS);
  if (!budget.allowed) throw tooManyRequests(budget.retryAfterSeconds, M.tooMany);
}

/**
 * Checks a code from the app against the stored secret (one step of clock drift either way);
 * a code already accepted once is refused. Wrong codes count against the account's budget.
 */
async function checkCode(ctx: AppContext, userId: number, code: string): Promise<void> {
  const key = `2fa-fail:${userId}`;
  await assertBudget(ctx, key);
  const factor = await repo.findFactor(ctx.database.db, userId);
  if (!factor) throw badRequest(ErrorCode.TWO_FACTOR_NOT_SET_UP, M.notSetUp);
  const { plain: secret, stale } = openSeed(ctx, factor.secretEncrypted);
  const timestamp = ctx.now().getTime();
  const delta = totpFor(secret, '').validate({ token: code, timestamp, window: 1 });
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + (delta ?? 0);
  if (delta === null || !(await repo.acceptStep(ctx.database.db, userId, step))) {
    await ctx.limiter.hit(key, FAILURES_PER_ACCOUNT, FAILURE_WINDOW_SECONDS);
    throw unauthorized(ErrorCode.TWO_FACTOR_CODE_INVALID, M.codeInvalid);
  }
  // Sealed under the key from before DATA_ENCRYPTION_KEY: seal it again under the current one.
  if (stale) await repo.resealFactor(ctx.database.db, userId, ctx.secretBox.seal(secret));
  await ctx.limiter.reset(key);
}

/**
 * The stored seed. One that no configured key opens (JWT_SECRET rotated without
 * DATA_ENCRYPTION_KEY) is the account's to mend with a recovery code, not a server error.
 */
function openSeed(ctx: AppContext, sealed: string): { plain: string; stale: boolean } {
  try {
    return ctx.secretBox.unseal(sealed);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'a 2-step seed that no configured key opens');
    throw conflict(ErrorCode.TWO_FACTOR_UNREADABLE, M.unreadable);
  }
}

async function spendRecovery(ctx: AppContext, userId: number, code: string): Promise<void> {
  const key = `2fa-fail:${userId}`;
  await assertBudget(ctx, key);
  if (!(await repo.spendRecoveryCode(ctx.database.db, userId, recoveryHash(code), ctx.now()))) {
    await ctx.limiter.hit(key, FAILURES_PER_ACCOUNT, FAILURE_WINDOW_SECONDS);
    throw unauthorized(ErrorCode.TWO_FACTOR_CODE_INVALID, M.recoveryInvalid);
  }
}

/** Confirms the setup with a first code; answers the ten recovery codes, shown this once. */
export async function enable(
  ctx: AppContext,
  userId: number,
  code: string,
  from: RequestOrigin,
): Promise<RecoveryCodes> {
  const factor = await repo.findFactor(ctx.database.db, userId);
  if (!factor) throw badRequest(ErrorCode.TWO_FACTOR_NOT_SET_UP, M.notSetUp);
  if (factor.enabledAt) throw conflict(ErrorCode.TWO_FACTOR_ALREADY_ON, M.alreadyOn);
  await checkCode(ctx, userId, code);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.database.db.transaction(async (tx) => {
    await repo.replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryHash));
    await repo.enableFactor(tx, userId, ctx.now());
  });
  await recordAudit(ctx, { action: 'TWO_FACTOR_ENABLED', actorId: userId, from });
  return { recoveryCodes };
}

/** Turns it off with the account's password or one recovery code. */
export async function disable(
  ctx: AppContext,
  userId: number,
  proof: { password?: string | undefined; recoveryCode?: string | undefined },
  from: RequestOrigin,
): Promise<void> {
  if (!(await isEnabled(ctx, userId))) {
    throw badRequest(ErrorCode.TWO_FACTOR_NOT_SET_UP, M.notSetUp);
  }
  if (proof.recoveryCode) {
    await spendRecovery(ctx, userId, proof.recoveryCode);
  } else {
    const key = `2fa-fail:${userId}`;
    await assertBudget(ctx, key);
    const credentials = await users.findCredentialsById(ctx, userId);
    const valid =
      Boolean(credentials?.passwordHash) &&
      (await ctx.passwords.verify(credentials?.passwordHash ?? '', proof.password ?? ''));
    if (!valid) {
      await ctx.limiter.hit(key, FAILURES_PER_ACCOUNT, FAILURE_WINDOW_SECONDS);
      throw unauthorized(ErrorCode.CURRENT_PASSWORD_WRONG, '비밀번호가 올바르지 않습니다.');
    }
  }
  await repo.deleteFactor(ctx.database.db, userId);
  await recordAudit(ctx, {
    action: 'TWO_FACTOR_DISABLED',
    actorId: userId,
    details: { with: proof.recoveryCode ? 'RECOVERY_CODE' : 'PASSWORD' },
    from,
  });
}

/**
 * After the password (or the provider): the token that asks for the second step. It carries how
 * the login began, for the session the code opens.
 */
export async function challenge(
  ctx: AppContext,
  userId: number,
  signedInWith: SignInMethod | null,
): Promise<TwoFactorChallenge> {
  const token = await ctx.purposeTokens.sign(
    'login-2fa',
    userId,
    CHALLENGE_SECONDS,
    signedInWith ?? undefined,
  );
  return { twoFactorRequired: true, challengeToken: token };
}

const isSignInMethod = (value: string | undefined): value is SignInMethod =>
  (signInMethods as readonly (string | undefined)[]).includes(value);

/**
 * The second login step: answers whose login it completes, or throws. A challenge completes one
 * login only: once passed it is spent (kept in the shared limiter for the challenge's lifetime,
 * so every instance sees it); wrong codes leave it usable within the wrong-code budget.
 */
export async function passChallenge(
  ctx: AppContext,
  input: { challengeToken: string; code?: string | undefined; recoveryCode?: string | undefined },
): Promise<{ userId: number; signedInWith: SignInMethod | null }> {
  const invalid = () => unauthorized(ErrorCode.TWO_FACTOR_CHALLENGE_INVALID, M.challengeInvalid);
  const verified = await ctx.purposeTokens.verify('login-2fa', input.challengeToken);
  if (verified === null) throw invalid();
  const { userId, tokenId, detail } = verified;
  // Spent by its id, not its string: single use holds for the challenge, however spelled.
  const spentKey = `2fa-challenge-spent:${tokenId}`;
  if (!(await ctx.limiter.peek(spentKey, 1, CHALLENGE_SECONDS)).allowed) throw invalid();
  if (input.code) await checkCode(ctx, userId, input.code);
  else await spendRecovery(ctx, userId, input.recoveryCode ?? '');
  // Two requests racing with one challenge: only the first to get here logs in.
  if (!(await ctx.limiter.hit(spentKey, 1, CHALLENGE_SECONDS)).allowed) throw invalid();
  return { userId, signedInWith: isSignInMethod(detail) ? detail : null };
}
