import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@teamup/contracts/common';
import { Limits } from '@teamup/contracts/limits';
import type { Schedule } from '@teamup/contracts/schedules';
import { pathOf } from '@teamup/contracts/endpoint';
import { scheduleEndpoints } from '@teamup/contracts/schedules';
import { api } from '../../../lib/api-client';
import { schedulesQueryKey } from './schedule-range';

export interface TeamSchedulesParams {
  teamId: number;
  /** 0-based. */
  page: number;
}

/** GET /teams/{t}/schedules?page&size: a team's schedules by start time, 20 per page. */
export function fetchTeamSchedules(
  { teamId, page }: TeamSchedulesParams,
  signal?: AbortSignal,
): Promise<Page<Schedule>> {
  return api.get<Page<Schedule>>(pathOf(scheduleEndpoints.list, { teamId }), {
    query: { page, size: Limits.schedulePageSize },
    signal,
  });
}

export function teamSchedulesQueryOptions(params: TeamSchedulesParams) {
  return queryOptions({
    queryKey: [...schedulesQueryKey(params.teamId), 'page', params.page] as const,
    queryFn: ({ signal }) => fetchTeamSchedules(params, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export function useTeamSchedules(params: TeamSchedulesParams) {
  return useQuery(teamSchedulesQueryOptions(params));
}
