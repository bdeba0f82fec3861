import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '@teamup/contracts/teams';
import { pathOf } from '@teamup/contracts/endpoint';
import { teamEndpoints } from '@teamup/contracts/teams';
import { api } from '../../../lib/api-client';
import { teamQueryKey } from '../../../lib/queries/team';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

export interface AddTeamMemberVariables {
  teamId: number;
  workspaceId: number;
  /** The caller's own id joins them; another id is added by the leader, owner or an admin. */
  userId: number;
  password?: string;
}

/**
 * POST /teams/{id}/members. The ids travel as strings, as the team dialog of the spec sends
 * them (spec 01 section 7); the password only when non-empty.
 */
export function addTeamMember({
  teamId,
  userId,
  password,
}: AddTeamMemberVariables): Promise<TeamMember> {
  const body: { userId: string; password?: string } = { userId: String(userId) };
  if (password) body.password = password;
  return api.post<TeamMember>(pathOf(teamEndpoints.addMember, { id: teamId }), body);
}

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeamMember,
    onSuccess: async (_member, { teamId, workspaceId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey(teamId) }),
        queryClient.invalidateQueries({ queryKey: workspaceTeamsQueryKey(workspaceId) }),
      ]);
    },
  });
}
