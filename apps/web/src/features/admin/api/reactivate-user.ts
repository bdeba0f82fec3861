import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type AdminUser } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { refreshPeople } from './refresh-people';

/** POST /admin/users/{id}/reactivate: the person may sign in again. */
export function reactivateUser(id: number) {
  return api.post<AdminUser>(pathOf(adminEndpoints.reactivate, { id }));
}

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: () => refreshPeople(queryClient),
  });
}
