import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/path-of';
import { teamRoutes } from '../first-load-endpoints';
import { api } from '../api-client';

/** The root of every team query: invalidating it refreshes lists, details and members. */
export const teamsQueryKey = ['teams'] as const;

export const workspaceTeamsQueryKey = (workspaceId: number) =>
  [...teamsQueryKey, 'workspace', workspaceId] as const;

/** GET /teams/workspace/{ws}: every team of the workspace; `isMember` marks the caller's. */
export function fetchWorkspaceTeams(workspaceId: number, signal?: AbortSignal): Promise<Team[]> {
  return api.get<Team[]>(pathOf(teamRoutes.workspaceTeams, { workspaceId }), { signal });
}

export function workspaceTeamsQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: workspaceTeamsQueryKey(workspaceId),
    queryFn: ({ signal }) => fetchWorkspaceTeams(workspaceId, signal),
  });
}

/** The teams of a workspace; nothing is asked until an id is known. */
export function useWorkspaceTeams(workspaceId: number | undefined) {
  return useQuery({
    ...workspaceTeamsQueryOptions(workspaceId ?? 0),
    enabled: workspaceId !== undefined,
  });
}
