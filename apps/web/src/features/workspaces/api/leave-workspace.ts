import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import {
  myWorkspacesQueryKey,
  removeFromMyWorkspaces,
  workspacesQueryKey,
} from '../../../lib/queries/my-workspaces';

/** POST /workspaces/{id}/leave: any member but the owner leaves. */
export function leaveWorkspace(workspaceId: number): Promise<void> {
  return api.post<void>(pathOf(workspaceEndpoints.leave, { id: workspaceId }));
}

export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'leave'],
    mutationFn: leaveWorkspace,
    // The list changes in the same tick as the caller navigates away; the refetch is not awaited,
    // so the page of the workspace that is gone never renders without it.
    onSuccess: (_result, workspaceId) => {
      removeFromMyWorkspaces(queryClient, workspaceId);
      queryClient.removeQueries({ queryKey: [...workspacesQueryKey, workspaceId] });
      void queryClient.invalidateQueries({ queryKey: myWorkspacesQueryKey });
    },
  });
}
