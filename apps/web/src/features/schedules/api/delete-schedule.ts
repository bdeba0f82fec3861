import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { scheduleEndpoints, type OccurrenceScopeQuery } from '@teamup/contracts/schedules';
import { api } from '../../../lib/api-client';
import { schedulesQueryKey } from './schedule-range';

export interface DeleteScheduleVariables {
  teamId: number;
  scheduleId: number;
  /** An occurrence of a recurring schedule: which one and how far the deletion reaches. */
  scope?: OccurrenceScopeQuery;
}

/** DELETE /teams/{t}/schedules/{id}: its creator or the team leader; answers 204. */
export function deleteSchedule({
  teamId,
  scheduleId,
  scope,
}: DeleteScheduleVariables): Promise<void> {
  return api.delete(
    pathOf(scheduleEndpoints.remove, { teamId, id: scheduleId }),
    scope ? { query: { ...scope } } : undefined,
  );
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSettled: (_result, _error, { teamId }) =>
      queryClient.invalidateQueries({ queryKey: schedulesQueryKey(teamId) }),
  });
}
