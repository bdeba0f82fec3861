import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type Invitation } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** POST /admin/invitations: invites the addresses (one invited before is left as it was). */
export function invite(emails: string[]) {
  return api.post<Invitation[]>(pathOf(adminEndpoints.invite), { emails });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.invitations }),
  });
}
