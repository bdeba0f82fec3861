import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';
import type { MemberActionVariables } from './kick-member';

/** POST /workspaces/{id}/members/{uid}/ban (owner, admins): removes the member and bans them. */
export function banMember({ workspaceId, userId }: MemberActionVariables): Promise<boolean> {
  return api.post<boolean>(pathOf(workspaceEndpoints.ban, { id: workspaceId, userId }));
}

export function useBanMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'members', 'ban'],
    mutationFn: banMember,
    // Members, blacklist and member counts all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
