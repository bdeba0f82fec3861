import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

/** POST /auth/oauth/exchange-token: trades the callback's one-time code for the token pair. */
export function exchangeOauthToken(tempCode: string): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/oauth/exchange-token', { tempCode });
}

export function useExchangeOauthToken() {
  return useMutation({
    mutationKey: ['auth', 'oauth', 'exchange'],
    mutationFn: exchangeOauthToken,
  });
}
