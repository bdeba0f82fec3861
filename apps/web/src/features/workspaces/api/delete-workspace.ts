import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workspacesQueryKey } from './my-workspaces';

export interface DeleteWorkspaceVariables {
  workspaceId: number;
  /** Must equal the workspace name exactly. */
  confirmName: string;
}

/** DELETE /workspaces/{id} (owner) with body {confirmName}. */
export function deleteWorkspace({
  workspaceId,
  confirmName,
}: DeleteWorkspaceVariables): Promise<void> {
  return apiRequest<void>(`/workspaces/${workspaceId}`, {
    method: 'DELETE',
    body: { confirmName },
  });
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'delete'],
    mutationFn: deleteWorkspace,
    onSuccess: (_result, { workspaceId }) => {
      queryClient.removeQueries({ queryKey: [...workspacesQueryKey, workspaceId] });
      return queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
    },
  });
}
