import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { api } from '../api-client';
import { teamQueryKey } from './live-query-keys';

export { teamQueryKey };

/** One team; its members live under the same key, so invalidating it refreshes both. */

/** GET /teams/{id}: a team of a workspace the caller belongs to (404 TEAM_NOT_FOUND). */
export function fetchTeam(teamId: number, signal?: AbortSignal): Promise<Team> {
  return api.get<Team>(pathOf(teamEndpoints.get, { id: teamId }), { signal });
}

export function teamQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamQueryKey(teamId),
    queryFn: ({ signal }) => fetchTeam(teamId, signal),
  });
}

/** The team; nothing is asked until a valid id is known. */
export function useTeam(teamId: number | undefined) {
  return useQuery({ ...teamQueryOptions(teamId ?? 0), enabled: teamId !== undefined });
}
