import { useLiveInvalidation } from '../../../lib/live/live-handlers';
import { freeTimeQueryKey } from '../../../lib/queries/live-query-keys';

/**
 * A member saved their free time, or the team's calendar changed (its schedules are the grid's
 * busy times): the team's common free time is fetched again.
 */
export function useFreeTimeLiveHandlers(): void {
  useLiveInvalidation(['TEAM_FREE_TIME_CHANGED', 'TEAM_CONTENT_CHANGED'], (event) => {
    if (event.type === 'TEAM_FREE_TIME_CHANGED') return [freeTimeQueryKey(event.teamId)];
    if (event.type === 'TEAM_CONTENT_CHANGED' && event.area === 'SCHEDULES') {
      return [freeTimeQueryKey(event.teamId)];
    }
    return [];
  });
}
