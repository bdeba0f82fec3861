import { useMutation } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

export interface VerifyEmailCodeInput {
  email: string;
  verificationCode: string;
}

/** POST /auth/email/verify: data true means the code is right. */
export function verifyEmailCode(input: VerifyEmailCodeInput): Promise<boolean> {
  return api.post<boolean>(pathOf(authEndpoints.verifyEmailCode), input);
}

export function useVerifyEmailCode() {
  return useMutation({ mutationKey: ['auth', 'email', 'verify'], mutationFn: verifyEmailCode });
}
