import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResult } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/path-of';
import { authRoutes } from '../../../lib/first-load-endpoints';
import { api } from '../../../lib/api-client';

/**
 * POST /auth/login: e-mail, password and client info; answers the token pair and the user, or,
 * with two-step verification on, a challenge for the code.
 */
export function login(input: LoginInput): Promise<LoginResult> {
  return api.post<LoginResult>(pathOf(authRoutes.login), input);
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
