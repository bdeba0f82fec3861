import dayjs from 'dayjs';

/** How a deadline is shown: overdue in red, due today in orange, else just the date. */
export type DeadlineKind = 'overdue' | 'today' | 'date';

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/** A deadline is a day (YYYY-MM-DD) or a due time (ISO-8601 instant): the day it falls on here. */
export function deadlineDay(deadline: string): string {
  return deadline.length === 10 ? deadline : dayjs(deadline).format('YYYY-MM-DD');
}

/**
 * The badge of a deadline (a day or an instant) on `today` (YYYY-MM-DD); null without one. An approved
 * task is done, so its deadline is only a date, never a warning.
 */
export function deadlineKind(
  deadline: string | null,
  today: string,
  isApproved: boolean,
): DeadlineKind | null {
  if (!deadline) return null;
  if (isApproved) return 'date';
  // YYYY-MM-DD strings sort as the days they name.
  const day = deadlineDay(deadline);
  if (day < today) return 'overdue';
  if (day === today) return 'today';
  return 'date';
}

/** The date of a deadline in a format of kanbanKo.dates (the year only when it is not this one). */
export function deadlineDate(
  deadline: string,
  today: string,
  formats: { short: string; long: string },
): string {
  const day = dayjs(deadline);
  const date = day.format(day.year() === dayjs(today).year() ? formats.short : formats.long);
  // A due time is shown with its hour and minute, in the browser's time zone.
  return deadline.length === 10 ? date : `${date} ${day.format('HH:mm')}`;
}
