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

/**
 * The colour of Sunday (0) and Saturday (6) wherever days are shown: the theme's one token for
 * each (app/theme.ts); other weekdays have none.
 */
export const WEEKDAY_COLORS: Partial<Record<number, string>> = {
  0: 'var(--teamup-color-sunday)',
  6: 'var(--teamup-color-saturday)',
};

/** The weekend colour of a day (YYYY-MM-DD), undefined on weekdays. */
export function weekdayColorOf(day: string): string | undefined {
  return WEEKDAY_COLORS[dayjs(day).day()];
}
