import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWorkspaceInput, Workspace } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export interface UpdateWorkspaceVariables {
  workspaceId: number;
  body: UpdateWorkspaceInput;
}

/** PUT /workspaces/{id} (owner): name and icon. */
export function updateWorkspace({
  workspaceId,
  body,
}: UpdateWorkspaceVariables): Promise<Workspace> {
  return api.put<Workspace>(pathOf(workspaceEndpoints.update, { id: workspaceId }), body);
}

export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'update'],
    mutationFn: updateWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
