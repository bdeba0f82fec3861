import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Team } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamQueryKey } from '../../../lib/queries/team';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

export interface JoinTeamVariables {
  teamId: number;
  /** Needed for a password-protected team; sent only when non-empty. */
  password?: string;
}

/** POST /teams/{id}/join: joins the caller; answers the team (now `isMember`). */
export function joinTeam({ teamId, password }: JoinTeamVariables): Promise<Team> {
  return api.post<Team>(pathOf(teamEndpoints.join, { id: teamId }), password ? { password } : {});
}

export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinTeam,
    onSuccess: async (team) => {
      queryClient.setQueryData(teamQueryKey(team.id), team);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey(team.id) }),
        queryClient.invalidateQueries({ queryKey: workspaceTeamsQueryKey(team.workspaceId) }),
      ]);
    },
  });
}
