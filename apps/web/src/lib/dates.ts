import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/ko';
import { ko } from '../i18n/ko';

dayjs.extend(relativeTime);
dayjs.locale('ko');

/** A calendar date, e.g. 2025년 3월 1일. */
export function formatDate(iso: string): string {
  return dayjs(iso).format(ko.dates.date);
}

/** A date with the time of day, e.g. 2025년 3월 1일 오후 2:05. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format(ko.dates.dateTime);
}

/** Time since, e.g. 3분 전. */
export function formatRelative(iso: string): string {
  return dayjs(iso).fromNow();
}

/**
 * Whether a due date has passed: a day (YYYY-MM-DD) once it is over here, an instant once it is
 * before now. Forms ask before saving one (a late entry is allowed, a slip of the picker is not).
 */
export function isDueInPast(due: string, now: Date = new Date()): boolean {
  if (due.length === 10) return due < dayjs(now).format('YYYY-MM-DD');
  return Date.parse(due) < now.getTime();
}
