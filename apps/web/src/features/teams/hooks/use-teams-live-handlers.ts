import { useLiveInvalidation } from '../../../lib/live/live-handlers';
import { teamMembersQueryKey, teamQueryKey } from '../../../lib/queries/live-query-keys';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

/**
 * A team was deleted or edited, or its members changed: the team lists, the team and its
 * members.
 */
export function useTeamsLiveHandlers(): void {
  useLiveInvalidation(
    ['TEAM_DELETED', 'TEAM_MEMBERSHIP_CHANGED', 'TEAM_CONTENT_CHANGED'],
    (event) => {
      if (
        event.type === 'TEAM_DELETED' ||
        (event.type === 'TEAM_CONTENT_CHANGED' && event.area === 'TEAM')
      ) {
        return [workspaceTeamsQueryKey(event.workspaceId), teamQueryKey(event.teamId)];
      }
      if (event.type === 'TEAM_MEMBERSHIP_CHANGED') {
        return [
          workspaceTeamsQueryKey(event.workspaceId),
          teamQueryKey(event.teamId),
          teamMembersQueryKey(event.teamId),
        ];
      }
      return [];
    },
  );
}
