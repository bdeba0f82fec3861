import '../../../lib/dates';
import dayjs from 'dayjs';
import { isAllDaySchedule, type Schedule } from '@teamup/contracts/schedules';
import { calendarKo } from '../../../i18n/ko/calendar';

/** A day key as words, e.g. 2026년 3월 10일 화요일. */
export function formatDay(day: string): string {
  return dayjs(day).format(calendarKo.dayFormat);
}

/**
 * When a schedule happens, in local time: '2026년 3월 10일 (화) 오전 9:00 ~ 오전 10:00' on one
 * day, both dates in full when it spans several; '2026년 3월 10일 (화) 종일' for an all-day one.
 */
export function formatScheduleRange({
  startDate,
  endDate,
}: Pick<Schedule, 'startDate' | 'endDate'>) {
  const start = dayjs(startDate);
  const end = dayjs(endDate);
  if (isAllDaySchedule({ startDate, endDate })) {
    const first = start.format(calendarKo.dateFormat);
    // Several days: first and last (inclusive) day, '2026년 3월 10일 (화) ~ 2026년 3월 12일 (목) 종일'.
    return end.isSame(start, 'day')
      ? `${first} ${calendarKo.allDay}`
      : `${first} ~ ${end.format(calendarKo.dateFormat)} ${calendarKo.allDay}`;
  }
  const from = start.format(calendarKo.dateTimeFormat);
  if (end.isSame(start)) return from;
  const to = end.format(
    end.isSame(start, 'day') ? calendarKo.timeFormat : calendarKo.dateTimeFormat,
  );
  return `${from} ~ ${to}`;
}

/**
 * When a schedule happens, seen from one day: just the times when it starts and ends that day
 * (the day is already the heading), the full range otherwise.
 */
export function formatScheduleOnDay(
  schedule: Pick<Schedule, 'startDate' | 'endDate'>,
  day: string,
) {
  const start = dayjs(schedule.startDate);
  const end = dayjs(schedule.endDate);
  if (isAllDaySchedule(schedule)) {
    return start.isSame(end, 'day') ? calendarKo.allDay : formatScheduleRange(schedule);
  }
  if (!start.isSame(day, 'day') || !end.isSame(day, 'day')) return formatScheduleRange(schedule);
  const from = start.format(calendarKo.timeFormat);
  return end.isSame(start) ? from : `${from} ~ ${end.format(calendarKo.timeFormat)}`;
}
