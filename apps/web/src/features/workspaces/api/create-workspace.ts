import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWorkspaceInput, Workspace } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { addToMyWorkspaces, workspacesQueryKey } from '../../../lib/queries/my-workspaces';

/** POST /workspaces: the caller becomes the owner; an invite code is generated. */
export function createWorkspace(body: CreateWorkspaceInput): Promise<Workspace> {
  return api.post<Workspace>(pathOf(workspaceEndpoints.create), body);
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'create'],
    mutationFn: createWorkspace,
    onSuccess: (workspace) => {
      addToMyWorkspaces(queryClient, workspace);
      return queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
    },
  });
}
