import { useMutation } from '@tanstack/react-query';
import type { CodeSent } from './request-email-code';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

/** POST /auth/send-password-reset-email: reset step 1. */
export function sendPasswordResetEmail(email: string): Promise<CodeSent> {
  return api.post<CodeSent>(pathOf(authEndpoints.sendPasswordResetEmail), { email });
}

export function useSendPasswordResetEmail() {
  return useMutation({
    mutationKey: ['auth', 'password-reset', 'send'],
    mutationFn: sendPasswordResetEmail,
  });
}
