import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Workspace } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../api-client';
import { workspaceRoutes } from '../first-load-endpoints';
import { useAuth } from '../auth/use-auth';

/** The root of every workspace query: invalidating it refreshes lists, details and members. */
export const workspacesQueryKey = ['workspaces'] as const;
export const myWorkspacesQueryKey = [...workspacesQueryKey, 'my'] as const;

/**
 * GET /workspaces/my: the caller's workspaces, oldest joined first. Its path comes from the
 * zod-free copy (first-load-endpoints): the app asks for it as it starts (main.tsx).
 */
export function fetchMyWorkspaces(signal?: AbortSignal): Promise<Workspace[]> {
  return api.get<Workspace[]>(pathOf(workspaceRoutes.my), { signal });
}

export function myWorkspacesQueryOptions() {
  return queryOptions({
    queryKey: myWorkspacesQueryKey,
    queryFn: ({ signal }) => fetchMyWorkspaces(signal),
  });
}

/** The signed-in user's workspaces; nothing is asked before the session is known. */
export function useMyWorkspaces() {
  const { status } = useAuth();
  return useQuery({ ...myWorkspacesQueryOptions(), enabled: status === 'authenticated' });
}

/**
 * Puts a workspace the user just created or joined into the cached list at once, so the
 * workspace route recognises it before the list is fetched again.
 */
export function addToMyWorkspaces(queryClient: QueryClient, workspace: Workspace): void {
  queryClient.setQueryData<Workspace[]>(myWorkspacesQueryKey, (old) =>
    old ? [...old.filter((item) => item.id !== workspace.id), workspace] : [workspace],
  );
}

/** Drops a workspace the user left or deleted from the cached list at once. */
export function removeFromMyWorkspaces(queryClient: QueryClient, workspaceId: number): void {
  queryClient.setQueryData<Workspace[]>(myWorkspacesQueryKey, (old) =>
    old?.filter((item) => item.id !== workspaceId),
  );
}
