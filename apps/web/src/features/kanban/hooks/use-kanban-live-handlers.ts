import { useLiveInvalidation } from '../../../lib/live/live-handlers';
import { teamKanbanQueryKey, teamQueryKey } from '../../../lib/queries/live-query-keys';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

/** A team's kanban changed elsewhere: the board is fetched again, and the team's progress bar. */
export function useKanbanLiveHandlers(): void {
  useLiveInvalidation('TEAM_CONTENT_CHANGED', (event) =>
    event.type === 'TEAM_CONTENT_CHANGED' && event.area === 'KANBAN'
      ? // Task approvals move the team's progress bar too.
        [
          teamKanbanQueryKey(event.teamId),
          teamQueryKey(event.teamId),
          workspaceTeamsQueryKey(event.workspaceId),
        ]
      : [],
  );
}
