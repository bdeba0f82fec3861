import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schedule, ScheduleInput } from '@teamup/contracts/schedules';
import { pathOf } from '@teamup/contracts/endpoint';
import { scheduleEndpoints } from '@teamup/contracts/schedules';
import { api } from '../../../lib/api-client';
import { schedulesQueryKey } from './schedule-range';

export interface CreateScheduleVariables {
  teamId: number;
  body: ScheduleInput;
}

/** POST /teams/{t}/schedules {title, startDate, endDate, scheduleDesc, type}: any team member. */
export function createSchedule({ teamId, body }: CreateScheduleVariables): Promise<Schedule> {
  return api.post<Schedule>(pathOf(scheduleEndpoints.create, { teamId }), body);
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchedule,
    onSettled: (_schedule, _error, { teamId }) =>
      queryClient.invalidateQueries({ queryKey: schedulesQueryKey(teamId) }),
  });
}
