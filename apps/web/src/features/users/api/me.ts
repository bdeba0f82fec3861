import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@teamup/contracts/users';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { api } from '../../../lib/api-client';

export const meQueryKey = ['users', 'me'] as const;

/** GET /users/me: the signed-in user's own profile. */
export function fetchMe(signal?: AbortSignal): Promise<User> {
  return api.get<User>(pathOf(userEndpoints.me), { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal) });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
