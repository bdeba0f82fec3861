import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { apiRequest } from '../../../lib/api-client';
import {
  myWorkspacesQueryKey,
  removeFromMyWorkspaces,
  workspacesQueryKey,
} from '../../../lib/queries/my-workspaces';

export interface DeleteWorkspaceVariables {
  workspaceId: number;
  /**
   * The name the screen had the owner type. The API does not require it, but checks it when
   * sent: it must equal the workspace name exactly (WORKSPACE_NAME_MISMATCH).
   */
  confirmName: string;
}

/** DELETE /workspaces/{id} (owner) with body {confirmName}. */
export function deleteWorkspace({
  workspaceId,
  confirmName,
}: DeleteWorkspaceVariables): Promise<void> {
  return apiRequest<void>(pathOf(workspaceEndpoints.remove, { id: workspaceId }), {
    method: 'DELETE',
    body: { confirmName },
  });
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'delete'],
    mutationFn: deleteWorkspace,
    // The list changes in the same tick as the caller navigates away; the refetch is not awaited,
    // so the page of the workspace that is gone never renders without it.
    onSuccess: (_result, { workspaceId }) => {
      removeFromMyWorkspaces(queryClient, workspaceId);
      queryClient.removeQueries({ queryKey: [...workspacesQueryKey, workspaceId] });
      void queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey });
    },
  });
}
