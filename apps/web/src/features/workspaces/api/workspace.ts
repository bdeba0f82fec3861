import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Workspace } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export const workspaceQueryKey = (workspaceId: number) =>
  [...workspacesQueryKey, workspaceId, 'detail'] as const;

/** GET /workspaces/{id}: one workspace the caller belongs to. */
export function fetchWorkspace(workspaceId: number, signal?: AbortSignal): Promise<Workspace> {
  return api.get<Workspace>(pathOf(workspaceEndpoints.get, { id: workspaceId }), { signal });
}

export function workspaceQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: workspaceQueryKey(workspaceId),
    queryFn: ({ signal }) => fetchWorkspace(workspaceId, signal),
  });
}

export function useWorkspace(workspaceId: number | undefined) {
  return useQuery({
    ...workspaceQueryOptions(workspaceId ?? 0),
    enabled: workspaceId !== undefined,
  });
}
