import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type AdminUser } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { refreshPeople } from './refresh-people';

/**
 * POST /admin/users/{id}/deactivate: every session, event stream and socket of the person ends;
 * their content stays. 400 ADMIN_SELF for oneself, 409 ADMIN_LAST for the last admin.
 */
export function deactivateUser(id: number) {
  return api.post<AdminUser>(pathOf(adminEndpoints.deactivate, { id }));
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => refreshPeople(queryClient),
  });
}
