import dayjs from 'dayjs';

/**
 * A card's deadline as the list shows it, in the browser's time zone: the date (with the year only
 * when it is not this one), and the hour and minute of a due time. The board writes it the same
 * way (features/kanban/lib/deadline.ts).
 */
export function dueText(
  deadline: string,
  now: Date,
  formats: { short: string; long: string },
): string {
  const day = dayjs(deadline);
  const date = day.format(day.year() === dayjs(now).year() ? formats.short : formats.long);
  return deadline.length === 10 ? date : `${date} ${day.format('HH:mm')}`;
}
