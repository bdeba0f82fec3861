import { useMutation } from '@tanstack/react-query';
import type { ClientInfo, LoginResponse } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/path-of';
import { authRoutes } from '../../../lib/first-load-endpoints';
import { api } from '../../../lib/api-client';

export interface TwoFactorLoginInput {
  challengeToken: string;
  code?: string;
  recoveryCode?: string;
  clientInfo?: ClientInfo;
}

/** POST /auth/login/2fa: the second login step, a code from the app or a recovery code. */
export function loginTwoFactor(input: TwoFactorLoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>(pathOf(authRoutes.loginTwoFactor), input);
}

export function useLoginTwoFactor() {
  return useMutation({ mutationKey: ['auth', 'login', '2fa'], mutationFn: loginTwoFactor });
}
