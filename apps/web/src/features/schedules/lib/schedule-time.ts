import '../../../lib/dates';
import dayjs from 'dayjs';
import { isAllDaySchedule, type Schedule } from '@teamup/contracts/schedules';
import { ko } from '../../../i18n/ko';

/** A day key as words, e.g. 2026년 3월 10일 화요일. */
export function formatDay(day: string): string {
  return dayjs(day).format(ko.calendar.dayFormat);
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
    return `${start.format(ko.calendar.dateFormat)} ${ko.calendar.allDay}`;
  }
  const from = start.format(ko.calendar.dateTimeFormat);
  if (end.isSame(start)) return from;
  const to = end.format(
    end.isSame(start, 'day') ? ko.calendar.timeFormat : ko.calendar.dateTimeFormat,
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
  if (!start.isSame(day, 'day') || !end.isSame(day, 'day')) return formatScheduleRange(schedule);
  if (isAllDaySchedule(schedule)) return ko.calendar.allDay;
  const from = start.format(ko.calendar.timeFormat);
  return end.isSame(start) ? from : `${from} ~ ${end.format(ko.calendar.timeFormat)}`;
}
