import { useMutation, useQueryClient } from '@tanstack/react-query';
import { classOverviewEndpoints, type Nudge } from '@teamup/contracts/class-overview';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { classOverviewQueryKey } from './class-overview';

export interface SendNudgeVariables {
  workspaceId: number;
  teamId: number;
  /** One student; null: every student of the team. */
  userId: number | null;
  message: string;
}

/** POST /workspaces/{w}/class/nudges: answers the nudge with how many it was sent to. */
export function sendNudge({ workspaceId, teamId, userId, message }: SendNudgeVariables) {
  return api.post<Nudge>(pathOf(classOverviewEndpoints.sendNudge, { workspaceId }), {
    teamId,
    userId,
    message,
  });
}

export function useSendNudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNudge,
    // The team's "마지막 알림" moves.
    onSuccess: (_nudge, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: classOverviewQueryKey(workspaceId) }),
  });
}
