import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { addToMyWorkspaces, workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export interface JoinWorkspaceByIdBody {
  workspaceId: number;
  /** Sent only when non-empty; the server allows id joins for protected workspaces only. */
  password?: string;
}

/** POST /workspaces/{id}/join: joins by numeric id (onboarding dialog). */
export function joinWorkspaceById({
  workspaceId,
  password,
}: JoinWorkspaceByIdBody): Promise<Workspace> {
  return api.post<Workspace>(
    pathOf(workspaceEndpoints.joinById, { id: workspaceId }),
    password ? { password } : {},
  );
}

export function useJoinWorkspaceById() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'join-by-id'],
    mutationFn: joinWorkspaceById,
    onSuccess: (workspace) => {
      addToMyWorkspaces(queryClient, workspace);
      return queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
    },
  });
}
