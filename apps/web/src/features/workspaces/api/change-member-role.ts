import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceMember, WorkspaceRole } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';
import { workspaceMembersQueryKey } from '../../../lib/queries/workspace-members';

export interface ChangeMemberRoleVariables {
  workspaceId: number;
  userId: number;
  role: Exclude<WorkspaceRole, 'OWNER'>;
}

/** PUT /workspaces/{id}/members/{uid}/role (owner): makes an admin or a plain member. */
export function changeMemberRole({
  workspaceId,
  userId,
  role,
}: ChangeMemberRoleVariables): Promise<WorkspaceMember> {
  return api.put<WorkspaceMember>(
    pathOf(workspaceEndpoints.changeRole, { id: workspaceId, userId }),
    { role },
  );
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'members', 'role'],
    mutationFn: changeMemberRole,
    onSuccess: (_member, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: workspaceMembersQueryKey(workspaceId) }),
  });
}
