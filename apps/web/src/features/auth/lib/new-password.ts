import { newPasswordSchema } from '@teamup/contracts/auth';

/**
 * A password being set (sign-up, change, reset): the contracts' one policy, the same schema the
 * server's routes check with (issue 41). Answers its Korean message, or null when acceptable.
 * Apart from password-policy.ts because the contracts' schemas bring zod, which the login page's
 * first load goes without.
 */
export function checkNewPassword(password: string): string | null {
  const parsed = newPasswordSchema.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
