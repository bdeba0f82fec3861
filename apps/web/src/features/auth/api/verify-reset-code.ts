import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verifyResetCodeResponseSchema } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

export type VerifyResetCodeResult = z.infer<typeof verifyResetCodeResponseSchema>;

export interface VerifyResetCodeInput {
  email: string;
  resetCode: string;
}

/** POST /auth/verify-reset-code: reset step 2; answers { valid, message }. */
export function verifyResetCode(input: VerifyResetCodeInput): Promise<VerifyResetCodeResult> {
  return api.post<VerifyResetCodeResult>(pathOf(authEndpoints.verifyResetCode), input);
}

export function useVerifyResetCode() {
  return useMutation({
    mutationKey: ['auth', 'password-reset', 'verify'],
    mutationFn: verifyResetCode,
  });
}
