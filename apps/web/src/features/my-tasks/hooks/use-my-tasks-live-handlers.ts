import { useLiveInvalidation } from '../../../lib/live/live-handlers';
import { myTasksQueryKey } from '../../../lib/queries/live-query-keys';

/**
 * A board changed in one of my workspaces (a card assigned, moved, approved, deleted), or a team
 * lost or gained a member or was deleted: "내 할 일" and its count are fetched again. The events do not say whose cards
 * changed; one refetch of my own list is cheaper than telling it on the server.
 */
export function useMyTasksLiveHandlers(): void {
  useLiveInvalidation(
    ['TEAM_CONTENT_CHANGED', 'TEAM_MEMBERSHIP_CHANGED', 'TEAM_DELETED'],
    (event) =>
      (event.type === 'TEAM_CONTENT_CHANGED' && event.area === 'KANBAN') ||
      event.type === 'TEAM_MEMBERSHIP_CHANGED' ||
      event.type === 'TEAM_DELETED'
        ? [myTasksQueryKey]
        : [],
  );
}
