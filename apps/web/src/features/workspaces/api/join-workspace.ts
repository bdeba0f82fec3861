import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { addToMyWorkspaces, workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export interface JoinWorkspaceBody {
  inviteCode: string;
  /** Sent only when non-empty. */
  password?: string;
}

/** POST /workspaces/join: joins by invite code (or whole link); answers the workspace. */
export function joinWorkspace({ inviteCode, password }: JoinWorkspaceBody): Promise<Workspace> {
  return api.post<Workspace>(
    pathOf(workspaceEndpoints.join),
    password ? { inviteCode, password } : { inviteCode },
  );
}

export function useJoinWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...workspacesQueryKey, 'join'],
    mutationFn: joinWorkspace,
    onSuccess: (workspace) => {
      addToMyWorkspaces(queryClient, workspace);
      return queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
    },
  });
}
