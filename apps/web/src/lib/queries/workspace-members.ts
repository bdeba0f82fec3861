import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/path-of';
import { workspaceRoutes } from '../first-load-endpoints';
import { api } from '../api-client';
import { workspacesQueryKey } from './my-workspaces';

export const workspaceMembersQueryKey = (workspaceId: number) =>
  [...workspacesQueryKey, workspaceId, 'members'] as const;

/** GET /workspaces/{id}/members: owner first, then admins, then members. */
export function fetchWorkspaceMembers(
  workspaceId: number,
  signal?: AbortSignal,
): Promise<WorkspaceMember[]> {
  return api.get<WorkspaceMember[]>(pathOf(workspaceRoutes.members, { id: workspaceId }), {
    signal,
  });
}

export function workspaceMembersQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: workspaceMembersQueryKey(workspaceId),
    queryFn: ({ signal }) => fetchWorkspaceMembers(workspaceId, signal),
  });
}

/** The members of a workspace; nothing is asked until an id is known. */
export function useWorkspaceMembers(workspaceId: number | undefined) {
  return useQuery({
    ...workspaceMembersQueryOptions(workspaceId ?? 0),
    enabled: workspaceId !== undefined,
  });
}
