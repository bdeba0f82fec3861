import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { blacklistQueryKey } from './blacklist';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';
import type { MemberActionVariables } from './kick-member';

/** DELETE /workspaces/{id}/members/{uid}/ban (owner, admins): lifts a ban. */
export function unbanMember({ workspaceId, userId }: MemberActionVariables): Promise<void> {
  return api.delete(pathOf(workspaceEndpoints.unban, { id: workspaceId, userId }));
}

export function useUnbanMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'members', 'unban'],
    mutationFn: unbanMember,
    onSuccess: (_result, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: blacklistQueryKey(workspaceId) }),
  });
}
