import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints, type InstanceSettings } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** GET /admin/settings: who may register, and the allowed domains. */
export function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.settings,
    queryFn: ({ signal }) => api.get<InstanceSettings>(pathOf(adminEndpoints.settings), { signal }),
  });
}

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
