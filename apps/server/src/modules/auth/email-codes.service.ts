import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import type { AppContext } from '../../context';
import { AppError, badRequest, tooManyRequests } from '../../platform/errors/app-error';
import * as repo from './auth.repo';

const PER_ADDRESS_PER_HOUR = 10;
const PER_IP_PER_HOUR = 30;
const CHECKS_PER_ADDRESS_PER_HOUR = 30;

export const codeMessages = {
  invalid: '잘못된 인증 코드입니다.',
  mismatch: '인증 코드가 올바르지 않습니다.',
  expired: '인증 코드가 만료되었습니다. 새로운 인증 코드를 요청해주세요.',
  tooManyAttempts: '인증 코드 입력 횟수를 초과했습니다. 새로운 인증 코드를 요청해주세요.',
} as const;

function hashCode(email: string, purpose: repo.CodePurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');
}

const subjects: Record<repo.CodePurpose, string> = {
  SIGNUP: '[TeamUp] 회원가입 인증 코드',
  RESET: '[TeamUp] 비밀번호 재설정 인증 코드',
};

/**
 * How the code reaches its owner: mailed before answering; mailed after answering (the answer's
 * timing then says nothing about the address); or `none`, for an address that must not get mail
 * (an unknown one on reset): a code is still recorded, one no input can ever match, so the resend
 * window and the wrong-code limits answer exactly as for a real one.
 */
export type CodeDelivery = 'mail' | 'mail-after-answer' | 'none';

/**
 * Mails a fresh 6-digit code, valid 10 minutes. A new code is refused within 60 s of the previous
 * one for the same address and purpose, and hourly caps apply per address and per IP.
 */
export async function issueCode(
  ctx: AppContext,
  email: string,
  purpose: repo.CodePurpose,
  ip: string,
  delivery: CodeDelivery = 'mail',
): Promise<{ resendAfterSeconds: number }> {
  const now = ctx.now();
  const previous = await repo.latestEmailCode(ctx.database.db, email, purpose);
  if (previous) {
    const elapsed = (now.getTime() - previous.createdAt.getTime()) / 1000;
    if (elapsed < Limits.codeResendSeconds) {
      const wait = Math.ceil(Limits.codeResendSeconds - elapsed);
      throw new AppError(
        429,
        ErrorCode.CODE_RESEND_TOO_SOON,
        `인증 코드는 ${wait}초 후에 다시 요청할 수 있습니다.`,
        { retryAfterSeconds: wait },
      );
    }
  }
  for (const [key, limit] of [
    [`code-mail:${email}`, PER_ADDRESS_PER_HOUR],
    [`code-mail-ip:${ip}`, PER_IP_PER_HOUR],
  ] as const) {
    const result = await ctx.limiter.hit(key, limit, 3600);
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
  }

  const code = String(randomInt(0, 10 ** Limits.codeLength)).padStart(Limits.codeLength, '0');
  // `none`: the hash of a secret far longer than a code, so no code typed ever matches it.
  const secret = delivery === 'none' ? randomBytes(32).toString('hex') : code;
  await repo.insertEmailCode(ctx.database.db, {
    email,
    purpose,
    codeHash: hashCode(email, purpose, secret),
    // On the app's clock, like the resend window that reads it.
    createdAt: now,
    expiresAt: new Date(now.getTime() + Limits.codeTtlMinutes * 60_000),
  });
  const answer = { resendAfterSeconds: Limits.codeResendSeconds };
  if (delivery === 'none') return answer;
  const mail = ctx.mailer.send({
    to: email,
    subject: subjects[purpose],
    text: [
      `인증 코드: ${code}`,
      '',
      `이 코드는 ${Limits.codeTtlMinutes}분 동안 유효합니다.`,
      '본인이 요청하지 않았다면 이 메일을 무시해주세요.',
    ].join('\n'),
  });
  if (delivery === 'mail') {
    await mail;
  } else {
    mail.catch((error: unknown) => {
      ctx.logger.error({ err: error, purpose }, 'could not send the code mail');
    });
  }
  return answer;
}

/**
 * Checks a code against the newest unconsumed one for the address. Wrong codes count against it
 * (5 at most); an expired code answers 410. Answers the matching row.
 */
export async function checkCode(
  ctx: AppContext,
  email: string,
  purpose: repo.CodePurpose,
  code: string,
): Promise<repo.EmailCodeRow> {
  const budget = await ctx.limiter.hit(`code-check:${email}`, CHECKS_PER_ADDRESS_PER_HOUR, 3600);
  if (!budget.allowed) throw tooManyRequests(budget.retryAfterSeconds);

  const row = await repo.latestEmailCode(ctx.database.db, email, purpose);
  if (!row) throw badRequest(ErrorCode.CODE_INVALID, codeMessages.invalid);
  if (row.attempts >= Limits.codeMaxAttempts) {
    throw new AppError(429, ErrorCode.CODE_TOO_MANY_ATTEMPTS, codeMessages.tooManyAttempts);
  }
  if (row.expiresAt.getTime() <= ctx.now().getTime()) {
    throw new AppError(410, ErrorCode.CODE_EXPIRED, codeMessages.expired);
  }
  if (row.codeHash !== hashCode(email, purpose, code)) {
    const attempts = await repo.countWrongAttempt(ctx.database.db, row.id, Limits.codeMaxAttempts);
    if (attempts === undefined || attempts >= Limits.codeMaxAttempts) {
      throw new AppError(429, ErrorCode.CODE_TOO_MANY_ATTEMPTS, codeMessages.tooManyAttempts);
    }
    throw badRequest(ErrorCode.CODE_INVALID, codeMessages.invalid);
  }
  return row;
}
