import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { freeTimeEndpoints, type FreeTimeWeek } from '@teamup/contracts/free-time';
import { api } from '../../../lib/api-client';
import { freeTimeWeekQueryKey } from './free-time-week';

export interface SaveMyFreeTimeVariables {
  teamId: number;
  weekStart: string;
  /** Every slot I am free in that week: the PUT replaces the whole set. */
  slots: number[];
}

/** PUT /teams/{t}/free-time/{weekStart}/me: answers the week as GET does. */
export function saveMyFreeTime({
  teamId,
  weekStart,
  slots,
}: SaveMyFreeTimeVariables): Promise<FreeTimeWeek> {
  return api.put<FreeTimeWeek>(pathOf(freeTimeEndpoints.saveMine, { teamId, weekStart }), {
    slots,
  });
}

export function useSaveMyFreeTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyFreeTime,
    onSuccess: (week, { teamId, weekStart }) =>
      queryClient.setQueryData(freeTimeWeekQueryKey(teamId, weekStart), week),
  });
}
