import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints, type InstanceStats } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** GET /admin/stats: the instance's figures. */
export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.stats,
    queryFn: ({ signal }) => api.get<InstanceStats>(pathOf(adminEndpoints.stats), { signal }),
    staleTime: 60_000,
  });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
