import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTeamInput, Team } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamsQueryKey, workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

/** POST /teams: the creator becomes leader and first member; answers the new team. */
export function createTeam(body: CreateTeamInput): Promise<Team> {
  return api.post<Team>(pathOf(teamEndpoints.create), body);
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamsQueryKey, 'create'],
    mutationFn: createTeam,
    onSuccess: (team) =>
      queryClient.invalidateQueries({ queryKey: workspaceTeamsQueryKey(team.workspaceId) }),
  });
}
