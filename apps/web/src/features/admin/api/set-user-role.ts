import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type AdminUser } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import type { User } from '@teamup/contracts/users';
import { api } from '../../../lib/api-client';
import { refreshPeople } from './refresh-people';

export interface SetUserRoleVariables {
  id: number;
  role: User['role'];
}

/** PUT /admin/users/{id}/role: makes a person an instance admin, or not. */
export function setUserRole({ id, role }: SetUserRoleVariables) {
  return api.put<AdminUser>(pathOf(adminEndpoints.setRole, { id }), { role });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => refreshPeople(queryClient),
  });
}
