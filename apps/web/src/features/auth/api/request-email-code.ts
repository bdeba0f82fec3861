import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { codeSentSchema } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

export type CodeSent = z.infer<typeof codeSentSchema>;

/** POST /auth/email/request: mails a sign-up verification code. */
export function requestEmailCode(email: string): Promise<CodeSent> {
  return api.post<CodeSent>(pathOf(authEndpoints.requestEmailCode), { email });
}

export function useRequestEmailCode() {
  return useMutation({ mutationKey: ['auth', 'email', 'request'], mutationFn: requestEmailCode });
}
