import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@teamup/contracts/users';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { api } from '../../../lib/api-client';

/** GET /users/{id}: visible to people who share a workspace with them (else 404). */
export function userProfileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['users', 'profile', userId],
    queryFn: ({ signal }) =>
      api.get<UserProfile>(pathOf(userEndpoints.profile, { id: userId }), { signal }),
    retry: false,
  });
}

export function useUserProfile(userId: number | null) {
  return useQuery({ ...userProfileQueryOptions(userId ?? 0), enabled: userId !== null });
}
