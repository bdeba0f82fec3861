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
    reminders: schedule.reminders,
    teamId: schedule.teamId,
    teamName: view.teamName,
    creatorId: schedule.creatorId,
    creatorName: view.creatorName,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
    recurrenceRule: schedule.recurrenceRule,
    // A series names itself and its first occurrence; an edited occurrence its series and date.
    seriesId: schedule.recurrenceRule !== null ? schedule.id : schedule.seriesId,
    occurrenceStart:
      schedule.recurrenceRule !== null
        ? schedule.startsAt.toISOString()
        : (schedule.originalStart?.toISOString() ?? null),
  };
}

/** One occurrence of a series: the series' fields at the occurrence's own times. */
export function presentOccurrence(view: ScheduleView, start: Date): Schedule {
  const { schedule } = view;
  const length = schedule.endsAt.getTime() - schedule.startsAt.getTime();
  return {
    ...presentSchedule(view),
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + length).toISOString(),
    occurrenceStart: start.toISOString(),
  };
}
