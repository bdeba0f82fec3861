import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { freeTimeEndpoints, type FreeTimeWeek } from '@teamup/contracts/free-time';
import { api } from '../../../lib/api-client';
import { freeTimeQueryKey } from '../../../lib/queries/live-query-keys';

export { freeTimeQueryKey };

export const freeTimeWeekQueryKey = (teamId: number, weekStart: string) =>
  [...freeTimeQueryKey(teamId), weekStart] as const;

/** GET /teams/{t}/free-time/{weekStart}: my slots, the team's counts and busy schedules. */
export function fetchFreeTimeWeek(
  teamId: number,
  weekStart: string,
  signal?: AbortSignal,
): Promise<FreeTimeWeek> {
  return api.get<FreeTimeWeek>(pathOf(freeTimeEndpoints.week, { teamId, weekStart }), { signal });
}

export function freeTimeWeekQueryOptions(teamId: number, weekStart: string) {
  return queryOptions({
    queryKey: freeTimeWeekQueryKey(teamId, weekStart),
    queryFn: ({ signal }) => fetchFreeTimeWeek(teamId, weekStart, signal),
    // The grids on screen stay while the next week loads.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export function useFreeTimeWeek(teamId: number, weekStart: string) {
  return useQuery(freeTimeWeekQueryOptions(teamId, weekStart));
}
