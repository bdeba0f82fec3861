import { useMutation } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

export interface ResetPasswordInput {
  email: string;
  resetCode: string;
  newPassword: string;
}

/** POST /auth/reset-password: reset step 3. */
export function resetPassword(input: ResetPasswordInput): Promise<true> {
  return api.post<true>(pathOf(authEndpoints.resetPassword), input);
}

export function useResetPassword() {
  return useMutation({
    mutationKey: ['auth', 'password-reset', 'reset'],
    mutationFn: resetPassword,
  });
}
