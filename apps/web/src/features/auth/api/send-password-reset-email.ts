import { useMutation } from '@tanstack/react-query';
import type { CodeSent } from './request-email-code';
import { api } from '../../../lib/api-client';

/** POST /auth/send-password-reset-email: reset step 1. */
export function sendPasswordResetEmail(email: string): Promise<CodeSent> {
  return api.post<CodeSent>('/auth/send-password-reset-email', { email });
}

export function useSendPasswordResetEmail() {
  return useMutation({
    mutationKey: ['auth', 'password-reset', 'send'],
    mutationFn: sendPasswordResetEmail,
  });
}
