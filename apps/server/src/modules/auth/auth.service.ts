import { adminMessages } from '@teamup/contracts/admin';
import type { AuthSession, ClientInfo, LoginResponse, LoginResult } from '@teamup/contracts/auth';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import type { User } from '@teamup/contracts/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SignInMethod } from '../../db/schema';
import type { AccessClaims } from '../../platform/auth/tokens';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/auth/tokens';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../platform/errors/app-error';
import * as registration from '../admin/registration.service';
import * as users from '../users/users.service';
import { presentSession } from './auth.presenter';
import * as repo from './auth.repo';
import { checkCode, issueCode } from './email-codes.service';
import { revokeSession, revokeUserSessions } from './session-cache';
import * as twoFactor from './two-factor.service';

/** Whether a login session still holds (other modules' long-lived links ask it: SSE tickets). */
export { isSessionActive } from './session-cache';

export const LOGIN_FAILURES_PER_ACCOUNT = 10;
const LOGIN_FAILURES_PER_IP = 100;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export const authMessages = {
  invalidCredentials: '이메일 또는 비밀번호가 올바르지 않습니다.',
  emailRegistered: '이미 가입된 이메일 주소입니다.',
  emailNotVerified: '이메일 인증을 먼저 완료해주세요.',
  refreshMissing: '리프레시 토큰이 없습니다.',
  refreshFailed: '토큰 갱신에 실패했습니다. 다시 로그인해주세요.',
  socialPassword: '소셜 로그인 계정은 비밀번호를 변경할 수 없습니다.',
  currentPasswordWrong: '현재 비밀번호가 올바르지 않습니다.',
} as const;

const accountDeactivated = () =>
  forbidden(adminMessages.accountDeactivated, ErrorCode.ACCOUNT_DEACTIVATED);

// --- sign-up ---------------------------------------------------------------------------------

export async function requestSignupCode(ctx: AppContext, email: string, from: RequestOrigin) {
  await users.countEmailLookup(ctx, from.ip);
  if (await users.isEmailRegistered(ctx, email)) {
    throw conflict(ErrorCode.EMAIL_ALREADY_REGISTERED, authMessages.emailRegistered);
  }
  // Said before a code is mailed, not after it was typed (sign-up checks again).
  await registration.assertMayRegister(ctx, email, 'LOCAL');
  return issueCode(ctx, email, 'SIGNUP', from.ip);
}

export async function verifySignupCode(
  ctx: AppContext,
  email: string,
  code: string,
): Promise<true> {
  const row = await checkCode(ctx, email, 'SIGNUP', code);
  await repo.markCodeVerified(ctx.database.db, row.id, ctx.now());
  return true;
}

/** Registers only an e-mail verified within the last 30 minutes; the display name defaults to its local part. */
export async function register(
  ctx: AppContext,
  input: { email: string; password: string; name?: string | undefined },
  from: RequestOrigin,
): Promise<User> {
  await users.countEmailLookup(ctx, from.ip);
  // An address already in use is the spec's 409 whatever the state of its codes.
  if (await users.isEmailRegistered(ctx, input.email)) {
    throw conflict(ErrorCode.EMAIL_ALREADY_REGISTERED, authMessages.emailRegistered);
  }
  const code = await repo.latestEmailCode(ctx.database.db, input.email, 'SIGNUP');
  const freshSince = ctx.now().getTime() - Limits.verifiedEmailValidMinutes * 60_000;
  if (!code?.verifiedAt || code.verifiedAt.getTime() < freshSince) {
    throw badRequest(ErrorCode.EMAIL_NOT_VERIFIED, authMessages.emailNotVerified);
  }
  const passwordHash = await ctx.passwords.hash(input.password);
  const name = input.name?.trim() || users.defaultDisplayName(input.email);
  return ctx.database.db.transaction(async (tx) => {
    if (!(await repo.consumeCode(tx, code.id, ctx.now()))) {
      throw badRequest(ErrorCode.EMAIL_NOT_VERIFIED, authMessages.emailNotVerified);
    }
    const created = await users.createLocalUser(
      ctx,
      { email: input.email, name, passwordHash },
      from,
      tx,
    );
    // Throwing rolls the spent code back too: nothing half-written.
    if (!created) throw conflict(ErrorCode.EMAIL_ALREADY_REGISTERED, authMessages.emailRegistered);
    return created;
  });
}

// --- login, tokens, sessions -------------------------------------------------------------------

// A real argon2id hash of a random string: unknown e-mails cost the same time as known ones.
const TIMING_DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Pj2WkOFoQc5IlULv8yyVwQ$ADtAThp3+Owf4qyP2leMLGm0qN/FcQzy38nFLz/JFA0';

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; clientInfo?: ClientInfo | undefined },
  from: RequestOrigin,
): Promise<LoginResult> {
  const accountKey = `login-fail:${input.email}`;
  const ipKey = `login-fail-ip:${from.ip}`;
  for (const [key, limit] of [
    [accountKey, LOGIN_FAILURES_PER_ACCOUNT],
    [ipKey, LOGIN_FAILURES_PER_IP],
  ] as const) {
    const state = await ctx.limiter.peek(key, limit, LOGIN_WINDOW_SECONDS);
    if (!state.allowed) {
      throw tooManyRequests(
        state.retryAfterSeconds,
        '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
      );
    }
  }
  const credentials = await users.findCredentials(ctx, input.email);
  const valid = await ctx.passwords.verify(
    credentials?.passwordHash ?? TIMING_DUMMY_HASH,
    input.password,
  );
  if (!credentials?.passwordHash || !valid) {
    await ctx.limiter.hit(accountKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_SECONDS);
    await ctx.limiter.hit(ipKey, LOGIN_FAILURES_PER_IP, LOGIN_WINDOW_SECONDS);
    await recordAudit(ctx, {
      action: 'SIGN_IN_FAILED',
      actorId: credentials?.id ?? null,
      actorLabel: input.email,
      from,
      details: { reason: credentials ? 'PASSWORD' : 'UNKNOWN_ACCOUNT' },
    });
    throw unauthorized(ErrorCode.INVALID_CREDENTIALS, authMessages.invalidCredentials);
  }
  await ctx.limiter.reset(accountKey);
  // Told only to who knows the password: it says nothing about the address to anyone else.
  if (credentials.deactivatedAt) {
    await recordAudit(ctx, {
      action: 'SIGN_IN_FAILED',
      actorId: credentials.id,
      from,
      details: { reason: 'DEACTIVATED' },
    });
    throw accountDeactivated();
  }
  return finishLogin(ctx, credentials.id, input.clientInfo ?? {}, from, 'PASSWORD');
}

/**
 * The tokens, or, with two-step verification on, the challenge for the code first (which carries
 * how the login began, so the session opened after the code still knows it).
 */
export async function finishLogin(
  ctx: AppContext,
  userId: number,
  clientInfo: ClientInfo,
  from: RequestOrigin,
  signedInWith: SignInMethod | null,
): Promise<LoginResult> {
  if ((await users.findCredentialsById(ctx, userId))?.deactivatedAt) throw accountDeactivated();
  if (await twoFactor.isEnabled(ctx, userId)) {
    return twoFactor.challenge(ctx, userId, signedInWith);
  }
  return startSession(ctx, userId, clientInfo, from, signedInWith);
}

/** POST /auth/login/2fa: a code (or a recovery code) completes the login. */
export async function completeTwoFactorLogin(
  ctx: AppContext,
  input: {
    challengeToken: string;
    code?: string | undefined;
    recoveryCode?: string | undefined;
    clientInfo?: ClientInfo | undefined;
  },
  from: RequestOrigin,
): Promise<LoginResponse> {
  const { userId, signedInWith } = await twoFactor.passChallenge(ctx, input);
  return startSession(ctx, userId, input.clientInfo ?? {}, from, signedInWith);
}

/** Opens a login session (a refresh-token family) and answers its first token pair. */
export async function startSession(
  ctx: AppContext,
  userId: number,
  clientInfo: ClientInfo,
  from: RequestOrigin,
  signedInWith: SignInMethod | null,
): Promise<LoginResponse> {
  const now = ctx.now();
  const refresh = newOpaqueToken();
  const session = await ctx.database.db.transaction(async (tx) => {
    // Every way in (password, 2-step, social) ends here: a deactivated account gets no session.
    if (await users.isDeactivatedForUpdate(tx, userId)) throw accountDeactivated();
    const created = await repo.insertSession(tx, {
      userId,
      clientInfo: cleanClientInfo(clientInfo),
      ip: from.ip,
      expiresAt: new Date(now.getTime() + ctx.config.refreshTokenTtlDays * 86_400_000),
      signedInWith,
    });
    await repo.insertRefreshToken(tx, created.id, refresh.hash);
    return created;
  });
  await recordAudit(ctx, {
    action: 'SIGN_IN',
    actorId: userId,
    from,
    details: { sessionId: session.id },
  });
  const token = await ctx.tokens.sign({ userId, sessionId: session.id });
  return { token, refreshToken: refresh.token, user: await users.getUser(ctx, userId) };
}

/** How one of the user's sessions was signed in; null when unknown or not theirs. */
export async function signedInWith(
  ctx: AppContext,
  userId: number,
  sessionId: number,
): Promise<SignInMethod | null> {
  const session = await repo.findActiveSession(ctx.database.db, sessionId, userId, ctx.now());
  return session?.signedInWith ?? null;
}

function cleanClientInfo(info: ClientInfo): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(info))
    if (typeof value === 'string') clean[key] = value;
  return clean;
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is answered. Presenting a
 * spent token again means it leaked, so the whole session (family) is revoked.
 */
export async function refresh(
  ctx: AppContext,
  refreshToken: string | undefined,
): Promise<LoginResponse> {
  if (!refreshToken)
    throw unauthorized(ErrorCode.REFRESH_TOKEN_MISSING, authMessages.refreshMissing);
  const now = ctx.now();
  const found = await repo.findRefreshToken(ctx.database.db, hashOpaqueToken(refreshToken));
  const failed = () => unauthorized(ErrorCode.REFRESH_TOKEN_INVALID, authMessages.refreshFailed);
  if (!found) throw failed();
  const { token: stored, session } = found;
  if (session.revokedAt || session.expiresAt.getTime() <= now.getTime()) {
    // The holder of the session's refresh token is its person: the tab an admin signed out is
    // told why, not that its login expired.
    if ((await users.findCredentialsById(ctx, session.userId))?.deactivatedAt) {
      throw unauthorized(ErrorCode.ACCOUNT_DEACTIVATED, adminMessages.accountDeactivated);
    }
    throw failed();
  }
  const spent =
    stored.usedAt !== null || !(await repo.markRefreshTokenUsed(ctx.database.db, stored.id, now));
  if (spent) {
    await revokeSession(ctx, session.id, 'refresh-token-reuse');
    ctx.logger.warn(
      { sessionId: session.id, userId: session.userId },
      'refresh token reuse: session revoked',
    );
    throw unauthorized(ErrorCode.REFRESH_TOKEN_REUSED, authMessages.refreshFailed);
  }
  const next = newOpaqueToken();
  await repo.insertRefreshToken(ctx.database.db, session.id, next.hash);
  await repo.touchSession(ctx.database.db, session.id, now);
  const token = await ctx.tokens.sign({ userId: session.userId, sessionId: session.id });
  return { token, refreshToken: next.token, user: await users.getUser(ctx, session.userId) };
}

/** Ends every session of `userId`, and so their streams and sockets, on every instance. */
export function signOutEverywhere(ctx: AppContext, userId: number, reason: string): Promise<void> {
  return revokeUserSessions(ctx, userId, reason);
}

/**
 * Opens the session a personal access token owns (kind TOKEN: no refresh token, not in the
 * session list), in the caller's transaction; a deactivated account gets none.
 */
export async function openTokenSession(
  tx: Db,
  userId: number,
  expiresAt: Date,
  from: RequestOrigin,
): Promise<number> {
  if (await users.isDeactivatedForUpdate(tx, userId)) throw accountDeactivated();
  const session = await repo.insertSession(tx, {
    userId,
    clientInfo: {},
    ip: from.ip,
    expiresAt,
    kind: 'TOKEN',
  });
  return session.id;
}

/** Ends one of `userId`'s sessions (a token's), its streams and sockets on every instance. */
export function endOwnSession(
  ctx: AppContext,
  userId: number,
  sessionId: number,
  reason: string,
): Promise<boolean> {
  return revokeSession(ctx, sessionId, reason, userId);
}

export async function logout(ctx: AppContext, claims: AccessClaims): Promise<void> {
  await revokeSession(ctx, claims.sessionId, 'logout');
}

export async function listSessions(ctx: AppContext, claims: AccessClaims): Promise<AuthSession[]> {
  const rows = await repo.listActiveSessions(ctx.database.db, claims.userId, ctx.now());
  return rows.map((row) => presentSession(row, claims.sessionId));
}

export async function revokeOwnSession(ctx: AppContext, claims: AccessClaims, sessionId: number) {
  const revoked = await revokeSession(ctx, sessionId, 'revoked-by-user', claims.userId);
  if (!revoked) throw notFound('세션을 찾을 수 없습니다.');
}
