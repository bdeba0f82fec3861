import type { Schedule } from '@teamup/contracts/schedules';
import type { ScheduleView } from './schedules.repo';

export function presentSchedule(view: ScheduleView): Schedule {
  const { schedule } = view;
  return {
    id: schedule.id,
    title: schedule.title,
    startDate: schedule.startsAt.toISOString(),
    endDate: schedule.endsAt.toISOString(),
    scheduleDesc: schedule.description,
    type: schedule.type,
    teamId: schedule.teamId,
    teamName: view.teamName,
    creatorId: schedule.creatorId,
    creatorName: view.creatorName,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
  };
}
