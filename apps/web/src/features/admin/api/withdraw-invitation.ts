import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type Invitation } from '@teamup/contracts/admin';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** DELETE /admin/invitations/{id}: the address may no longer register by it (204). */
export function withdrawInvitation(id: number) {
  return api.delete(pathOf(adminEndpoints.withdrawInvitation, { id }));
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: (_nothing, id) => {
      // Gone from the list at once; the list is then read again.
      queryClient.setQueryData<Invitation[]>(adminQueryKeys.invitations, (current) =>
        current?.filter((invitation) => invitation.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: adminQueryKeys.invitations });
    },
  });
}
