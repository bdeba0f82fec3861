import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Team, UpdateTeamInput } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamQueryKey } from '../../../lib/queries/team';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

export interface UpdateTeamVariables {
  teamId: number;
  body: UpdateTeamInput;
}

/** PUT /teams/{id}: name, description or password (leader, workspace owner and admins). */
export function updateTeam({ teamId, body }: UpdateTeamVariables): Promise<Team> {
  return api.put<Team>(pathOf(teamEndpoints.update, { id: teamId }), body);
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: async (team) => {
      queryClient.setQueryData(teamQueryKey(team.id), team);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey(team.id) }),
        queryClient.invalidateQueries({ queryKey: workspaceTeamsQueryKey(team.workspaceId) }),
      ]);
    },
  });
}
