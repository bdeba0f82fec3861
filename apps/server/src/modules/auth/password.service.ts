import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import type { AccessClaims } from '../../platform/auth/tokens';
import { recordAudit } from '../../platform/audit/audit-log';
import {
  AppError,
  badRequest,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../platform/errors/app-error';
import type { RequestOrigin } from '../../platform/http/request-origin';
import * as users from '../users/users.service';
import { authMessages, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_SECONDS } from './auth.service';
import * as repo from './auth.repo';
import { checkCode, codeMessages, issueCode } from './email-codes.service';
import { revokeUserSessions } from './session-cache';

/*
 * Passwords: a signed-in person changing theirs, and the three steps of a reset by mailed code.
 * Each ends every other session of the account (auth.service.ts opens and ends sessions).
 */

/** Changes a LOCAL account's password and signs out every other session. */
export async function changePassword(
  ctx: AppContext,
  claims: AccessClaims,
  input: { currentPassword: string; newPassword: string },
  from: RequestOrigin,
): Promise<void> {
  const credentials = await users.findCredentialsById(ctx, claims.userId);
  if (!credentials) throw notFound('사용자를 찾을 수 없습니다.', ErrorCode.USER_NOT_FOUND);
  if (credentials.provider !== 'LOCAL' || !credentials.passwordHash) {
    throw badRequest(ErrorCode.SOCIAL_ACCOUNT_PASSWORD, authMessages.socialPassword);
  }
  const key = `password-check:${claims.userId}`;
  const budget = await ctx.limiter.peek(key, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_SECONDS);
  if (!budget.allowed) throw tooManyRequests(budget.retryAfterSeconds);
  if (!(await ctx.passwords.verify(credentials.passwordHash, input.currentPassword))) {
    await ctx.limiter.hit(key, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_SECONDS);
    throw unauthorized(ErrorCode.CURRENT_PASSWORD_WRONG, authMessages.currentPasswordWrong);
  }
  await users.setPasswordHash(ctx, claims.userId, await ctx.passwords.hash(input.newPassword));
  await revokeUserSessions(ctx, claims.userId, 'password-changed', claims.sessionId);
  await recordAudit(ctx, { action: 'PASSWORD_CHANGED', actorId: claims.userId, from });
}

/**
 * Step 1 of the reset: the answer is the same whether or not the address is registered, in status,
 * body and time: an unknown address gets a code no one can type (same resend window, same
 * wrong-code limits), and a known one its mail after the answer has gone.
 */
export async function sendResetCode(ctx: AppContext, email: string, from: RequestOrigin) {
  const registered = await users.isEmailRegistered(ctx, email);
  return issueCode(ctx, email, 'RESET', from.ip, registered ? 'mail-after-answer' : 'none');
}

export async function verifyResetCode(
  ctx: AppContext,
  email: string,
  code: string,
): Promise<{ valid: boolean; message: string }> {
  try {
    await checkCode(ctx, email, 'RESET', code);
    return { valid: true, message: '인증 코드가 확인되었습니다.' };
  } catch (error) {
    // The reset screen expects { valid: false, message } for a wrong or expired code.
    if (
      error instanceof AppError &&
      (error.code === ErrorCode.CODE_INVALID || error.code === ErrorCode.CODE_EXPIRED)
    ) {
      const message =
        error.code === ErrorCode.CODE_EXPIRED ? codeMessages.expired : codeMessages.mismatch;
      return { valid: false, message };
    }
    throw error;
  }
}

/** Step 3: the code is checked again and spent; every session of the account is signed out. */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; resetCode: string; newPassword: string },
  from: RequestOrigin,
): Promise<void> {
  const row = await checkCode(ctx, input.email, 'RESET', input.resetCode);
  const credentials = await users.findCredentials(ctx, input.email);
  if (!credentials) throw badRequest(ErrorCode.CODE_INVALID, '잘못된 인증 코드입니다.');
  const passwordHash = await ctx.passwords.hash(input.newPassword);
  if (!(await repo.consumeCode(ctx.database.db, row.id, ctx.now()))) {
    throw badRequest(ErrorCode.CODE_INVALID, '잘못된 인증 코드입니다.');
  }
  await users.setPasswordHash(ctx, credentials.id, passwordHash);
  await revokeUserSessions(ctx, credentials.id, 'password-reset');
  await recordAudit(ctx, { action: 'PASSWORD_RESET', actorId: credentials.id, from });
}
