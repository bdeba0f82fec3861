import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OccurrenceScopeQuery, Schedule, ScheduleInput } from '@teamup/contracts/schedules';
import { pathOf } from '@teamup/contracts/endpoint';
import { scheduleEndpoints } from '@teamup/contracts/schedules';
import { api } from '../../../lib/api-client';
import { schedulesQueryKey } from './schedule-range';

export interface UpdateScheduleVariables {
  teamId: number;
  scheduleId: number;
  /** The whole schedule: PUT replaces every field. */
  body: ScheduleInput;
  /** An occurrence of a recurring schedule: which one and how far the change reaches. */
  scope?: OccurrenceScopeQuery;
}

/** PUT /teams/{t}/schedules/{id}: its creator or the team leader (403 SCHEDULE_FORBIDDEN). */
export function updateSchedule({
  teamId,
  scheduleId,
  body,
  scope,
}: UpdateScheduleVariables): Promise<Schedule> {
  return api.put<Schedule>(
    pathOf(scheduleEndpoints.update, { teamId, id: scheduleId }),
    body,
    scope ? { query: { ...scope } } : undefined,
  );
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchedule,
    // Also after a refusal: a 404 means someone else removed it, and the grid should show that.
    onSettled: (_schedule, _error, { teamId }) =>
      queryClient.invalidateQueries({ queryKey: schedulesQueryKey(teamId) }),
  });
}
