import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { apiRequest } from '../../../lib/api-client';
import { teamQueryKey } from '../../../lib/queries/team';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

export interface DeleteTeamVariables {
  teamId: number;
  workspaceId: number;
  /**
   * The team name the screen had the user type. The API does not require it, but checks it when
   * sent: a mismatch is refused (TEAM_NAME_MISMATCH).
   */
  confirmName: string;
}

/** DELETE /teams/{id} with `{confirmName}` (leader or workspace owner). */
export function deleteTeam({ teamId, confirmName }: DeleteTeamVariables): Promise<void> {
  return apiRequest<void>(pathOf(teamEndpoints.remove, { id: teamId }), {
    method: 'DELETE',
    body: { confirmName },
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: async (_result, { teamId, workspaceId }) => {
      // The team is gone: mark it stale without refetching it (that would only answer 404).
      await queryClient.invalidateQueries({ queryKey: teamQueryKey(teamId), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: workspaceTeamsQueryKey(workspaceId) });
    },
  });
}
