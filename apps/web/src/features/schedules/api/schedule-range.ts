import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Schedule } from '@teamup/contracts/schedules';
import { pathOf } from '@teamup/contracts/endpoint';
import { scheduleEndpoints } from '@teamup/contracts/schedules';
import { api } from '../../../lib/api-client';
import { schedulesQueryKey } from '../../../lib/queries/live-query-keys';

export { schedulesQueryKey };

/** Every schedule query of a team (ranges and pages); invalidating it refreshes them all. */

export interface ScheduleRangeParams {
  teamId: number;
  /** ISO instants, both inclusive. */
  startDate: string;
  endDate: string;
}

/** GET /teams/{t}/schedules/range?startDate&endDate: every schedule overlapping the range. */
export function fetchScheduleRange(
  { teamId, startDate, endDate }: ScheduleRangeParams,
  signal?: AbortSignal,
): Promise<Schedule[]> {
  return api.get<Schedule[]>(pathOf(scheduleEndpoints.range, { teamId }), {
    query: { startDate, endDate },
    signal,
  });
}

export function scheduleRangeQueryOptions(params: ScheduleRangeParams) {
  return queryOptions({
    queryKey: [
      ...schedulesQueryKey(params.teamId),
      'range',
      params.startDate,
      params.endDate,
    ] as const,
    queryFn: ({ signal }) => fetchScheduleRange(params, signal),
    // The grid on screen stays while the next month loads.
    placeholderData: keepPreviousData,
    // The app turns focus refetches off; a shared calendar wants teammates' changes on return.
    refetchOnWindowFocus: true,
  });
}

export function useScheduleRange(params: ScheduleRangeParams) {
  return useQuery(scheduleRangeQueryOptions(params));
}
