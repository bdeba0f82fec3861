import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from './my-workspaces';

/** POST /workspaces/{id}/leave: any member but the owner leaves. */
export function leaveWorkspace(workspaceId: number): Promise<void> {
  return api.post<void>(`/workspaces/${workspaceId}/leave`);
}

export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'leave'],
    mutationFn: leaveWorkspace,
    onSuccess: (_result, workspaceId) => {
      queryClient.removeQueries({ queryKey: [...workspacesQueryKey, workspaceId] });
      return queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
    },
  });
}
