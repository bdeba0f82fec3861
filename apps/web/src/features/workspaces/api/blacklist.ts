import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannedUser } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export const blacklistQueryKey = (workspaceId: number) =>
  [...workspacesQueryKey, workspaceId, 'blacklist'] as const;

/** GET /workspaces/{id}/blacklist (owner, admins): the banned users. */
export function fetchBlacklist(workspaceId: number, signal?: AbortSignal): Promise<BannedUser[]> {
  return api.get<BannedUser[]>(pathOf(workspaceEndpoints.blacklist, { id: workspaceId }), {
    signal,
  });
}

export function blacklistQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: blacklistQueryKey(workspaceId),
    queryFn: ({ signal }) => fetchBlacklist(workspaceId, signal),
  });
}

export function useBlacklist(workspaceId: number, enabled = true) {
  return useQuery({ ...blacklistQueryOptions(workspaceId), enabled });
}
