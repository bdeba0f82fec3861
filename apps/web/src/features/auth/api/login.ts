import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

/** POST /auth/login: e-mail, password and client info; answers the token pair and the user. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', input);
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
