import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export interface SetWorkspacePasswordVariables {
  workspaceId: number;
  /** The new password, or null to remove it. */
  password: string | null;
}

/** PUT /workspaces/{id}/password (owner): sets, changes or removes the join password. */
export function setWorkspacePassword({
  workspaceId,
  password,
}: SetWorkspacePasswordVariables): Promise<Workspace> {
  return api.put<Workspace>(pathOf(workspaceEndpoints.setPassword, { id: workspaceId }), {
    password,
  });
}

export function useSetWorkspacePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'password'],
    mutationFn: setWorkspacePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
