import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamQueryKey } from '../../../lib/queries/team';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

export interface RemoveTeamMemberVariables {
  teamId: number;
  workspaceId: number;
  userId: number;
}

/** DELETE /teams/{id}/members/{uid}: the leader, owner or an admin removes a member. */
export function removeTeamMember({ teamId, userId }: RemoveTeamMemberVariables): Promise<void> {
  return api.delete(pathOf(teamEndpoints.removeMember, { id: teamId, userId }));
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeamMember,
    onSuccess: async (_result, { teamId, workspaceId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey(teamId) }),
        queryClient.invalidateQueries({ queryKey: workspaceTeamsQueryKey(workspaceId) }),
      ]);
    },
  });
}
