import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

/**
 * POST /auth/oauth/exchange-token: trades the callback's one-time code for the token pair (or,
 * with two-step verification on, a challenge for the code).
 */
export function exchangeOauthToken(tempCode: string): Promise<LoginResult> {
  return api.post<LoginResult>(pathOf(authEndpoints.oauthExchange), { tempCode });
}

export function useExchangeOauthToken() {
  return useMutation({
    mutationKey: ['auth', 'oauth', 'exchange'],
    mutationFn: exchangeOauthToken,
  });
}
