import { useLiveInvalidation } from '../../../lib/live/live-handlers';
import { schedulesQueryKey } from '../../../lib/queries/live-query-keys';

/** A team's schedules changed elsewhere: its calendar is fetched again. */
export function useSchedulesLiveHandlers(): void {
  useLiveInvalidation('TEAM_CONTENT_CHANGED', (event) =>
    event.type === 'TEAM_CONTENT_CHANGED' && event.area === 'SCHEDULES'
      ? [schedulesQueryKey(event.teamId)]
      : [],
  );
}
