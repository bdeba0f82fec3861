import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthSession } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/endpoint';
import { authEndpoints } from '@teamup/contracts/auth';
import { api } from '../../../lib/api-client';

export const authSessionsQueryKey = ['auth', 'sessions'] as const;

/** GET /auth/sessions: the caller's active login sessions (one per device). */
export function fetchAuthSessions(signal?: AbortSignal): Promise<AuthSession[]> {
  return api.get<AuthSession[]>(pathOf(authEndpoints.sessions), { signal });
}

export function authSessionsQueryOptions() {
  return queryOptions({
    queryKey: authSessionsQueryKey,
    queryFn: ({ signal }) => fetchAuthSessions(signal),
  });
}

export function useAuthSessions() {
  return useQuery(authSessionsQueryOptions());
}
