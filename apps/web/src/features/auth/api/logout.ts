import { useMutation } from '@tanstack/react-query';
import type { ClientInfo } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/path-of';
import { authRoutes } from '../../../lib/first-load-endpoints';
import { api } from '../../../lib/api-client';

export interface LogoutInput {
  clientInfo: ClientInfo;
  refreshToken?: string;
}

/** POST /auth/logout: ends this login session on the server. */
export function logout(input: LogoutInput): Promise<true> {
  return api.post<true>(pathOf(authRoutes.logout), input);
}

export function useLogout() {
  return useMutation({ mutationKey: ['auth', 'logout'], mutationFn: logout });
}
