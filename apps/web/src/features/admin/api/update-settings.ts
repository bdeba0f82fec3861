import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  type InstanceSettings,
  type UpdateInstanceSettings,
} from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** PUT /admin/settings: answers the settings as saved (domains deduplicated and sorted). */
export function updateAdminSettings(body: UpdateInstanceSettings) {
  return api.put<InstanceSettings>(pathOf(adminEndpoints.updateSettings), body);
}

export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminQueryKeys.settings, settings);
      // The overview shows the policy too.
      return queryClient.invalidateQueries({ queryKey: adminQueryKeys.stats });
    },
  });
}
