import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { api } from '../api-client';
import { teamMembersQueryKey } from './live-query-keys';

export { teamMembersQueryKey };

/** GET /teams/{id}/members: leader first; any workspace member may read it. */
export function fetchTeamMembers(teamId: number, signal?: AbortSignal): Promise<TeamMember[]> {
  return api.get<TeamMember[]>(pathOf(teamEndpoints.members, { id: teamId }), { signal });
}

export function teamMembersQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamMembersQueryKey(teamId),
    queryFn: ({ signal }) => fetchTeamMembers(teamId, signal),
  });
}

export function useTeamMembers(teamId: number | undefined) {
  return useQuery({ ...teamMembersQueryOptions(teamId ?? 0), enabled: teamId !== undefined });
}
