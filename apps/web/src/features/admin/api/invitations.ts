import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints, type Invitation } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** GET /admin/invitations: the invited e-mail addresses, newest first. */
export function adminInvitationsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.invitations,
    queryFn: ({ signal }) => api.get<Invitation[]>(pathOf(adminEndpoints.invitations), { signal }),
  });
}

export function useAdminInvitations() {
  return useQuery(adminInvitationsQueryOptions());
}
