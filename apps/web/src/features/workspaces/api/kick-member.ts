import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';
import { workspaceMembersQueryKey } from '../../../lib/queries/workspace-members';

export interface MemberActionVariables {
  workspaceId: number;
  userId: number;
}

/** DELETE /workspaces/{id}/members/{uid} (owner, admins): removes a member. */
export function kickMember({ workspaceId, userId }: MemberActionVariables): Promise<void> {
  return api.delete(pathOf(workspaceEndpoints.kick, { id: workspaceId, userId }));
}

export function useKickMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'members', 'kick'],
    mutationFn: kickMember,
    onSuccess: (_result, { workspaceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceMembersQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
      ]),
  });
}
