import { useLiveInvalidation } from '../../../lib/live/live-handlers';
import { teamQueryKey } from '../../../lib/queries/team';
import { workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';
import { teamKanbanQueryKey } from '../api/team-kanban';

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
