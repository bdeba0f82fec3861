import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { leaveTeamResponseSchema } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamQueryKey } from '../../../lib/queries/team';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

export type LeaveTeamResult = z.infer<typeof leaveTeamResponseSchema>;
export type WhenLast = 'DELETE' | 'KEEP';

export interface LeaveTeamVariables {
  teamId: number;
  workspaceId: number;
  /** The last member's choice; without it the server answers 409 TEAM_LAST_MEMBER. */
  whenLast?: WhenLast;
}

/** POST /teams/{id}/leave: answers whether the team was deleted with it. */
export function leaveTeam({ teamId, whenLast }: LeaveTeamVariables): Promise<LeaveTeamResult> {
  return api.post<LeaveTeamResult>(
    pathOf(teamEndpoints.leave, { id: teamId }),
    whenLast ? { whenLast } : {},
  );
}

export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTeam,
    onSuccess: async (_result, { teamId, workspaceId }) => {
      // The page leaves the team right after: no refetch of a team that may be gone.
      await queryClient.invalidateQueries({ queryKey: teamQueryKey(teamId), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: workspaceTeamsQueryKey(workspaceId) });
    },
  });
}
