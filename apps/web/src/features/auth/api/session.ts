import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sessionResponseSchema } from '@teamup/contracts/auth';
import { pathOf } from '@teamup/contracts/path-of';
import { authRoutes } from '../../../lib/first-load-endpoints';
import { api } from '../../../lib/api-client';

export type SessionInfo = z.infer<typeof sessionResponseSchema>;

export const sessionQueryKey = ['auth', 'session'] as const;

/** GET /auth/session: is the stored token still good, and whose is it. */
export function fetchSession(signal?: AbortSignal): Promise<SessionInfo> {
  return api.get<SessionInfo>(pathOf(authRoutes.session), { signal });
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    // The session is set on login and changes only by explicit actions: never refetched behind
    // the user's back, never retried (a 401 has already been through refresh-and-retry).
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useSession(enabled: boolean) {
  return useQuery({ ...sessionQueryOptions(), enabled });
}
