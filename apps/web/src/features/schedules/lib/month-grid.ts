import dayjs, { type Dayjs } from 'dayjs';
import { Limits } from '@teamup/contracts/limits';

/** A month as shown by the calendar: `month` counts from 0 (January) like Date does. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** One of the 42 cells of a month grid. */
export interface CalendarDay {
  /** The local date, YYYY-MM-DD (also the cell's data-date). */
  key: string;
  /** Day of the month, 1-31. */
  date: number;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  /** False for the days of the previous and next month that fill the grid. */
  inMonth: boolean;
}

export const DAYS_PER_WEEK = 7;

/** The format of day keys: a local calendar date that sorts as text. */
export const DAY_KEY_FORMAT = 'YYYY-MM-DD';

export function dayKeyOf(value: Dayjs | Date | string): string {
  return dayjs(value).format(DAY_KEY_FORMAT);
}

/** The month a date (a day key, an instant or a Date) falls in, in local time. */
export function monthOf(value: Dayjs | Date | string): CalendarMonth {
  const day = dayjs(value);
  return { year: day.year(), month: day.month() };
}

/** The month `delta` months away (negative for earlier ones). */
export function shiftMonth({ year, month }: CalendarMonth, delta: number): CalendarMonth {
  const index = year * 12 + month + delta;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

export function sameMonth(a: CalendarMonth, b: CalendarMonth): boolean {
  return a.year === b.year && a.month === b.month;
}

/**
 * The first cell of a month grid. Korean calendars start the week on Sunday (일 월 화 수 목 금
 * 토), so the grid opens on the Sunday on or before the 1st. `day()` is used rather than
 * `startOf('week')`, whose first weekday depends on the dayjs locale.
 */
function firstCellOf({ year, month }: CalendarMonth): Dayjs {
  const first = dayjs(new Date(year, month, 1));
  return first.subtract(first.day(), 'day');
}

/**
 * The 42 days (6 weeks, Sunday first) shown for a month: the tail of the previous month, the
 * whole month and the head of the next one. Always 6 rows, so the grid never changes height.
 */
export function monthGrid(month: CalendarMonth): CalendarDay[] {
  const start = firstCellOf(month);
  return Array.from({ length: Limits.calendarCells }, (_, index) => {
    // Adding calendar days (not 24 h) keeps local midnight across daylight-saving changes.
    const day = start.add(index, 'day');
    return {
      key: day.format(DAY_KEY_FORMAT),
      date: day.date(),
      weekday: day.day(),
      inMonth: day.month() === month.month,
    };
  });
}

/** The grid cut into its 6 week rows of 7 days. */
export function weeksOf(days: CalendarDay[]): CalendarDay[][] {
  const weeks: CalendarDay[][] = [];
  for (let index = 0; index < days.length; index += DAYS_PER_WEEK) {
    weeks.push(days.slice(index, index + DAYS_PER_WEEK));
  }
  return weeks;
}

/**
 * The instants asked of the range call for a month: from local midnight of the first cell to
 * the last millisecond of the 42nd, both inclusive, in the user's time zone.
 */
export function gridRange(month: CalendarMonth): { startDate: string; endDate: string } {
  const start = firstCellOf(month);
  return {
    startDate: start.startOf('day').toISOString(),
    endDate: start
      .add(Limits.calendarCells - 1, 'day')
      .endOf('day')
      .toISOString(),
  };
}

/** The day key `days` calendar days after (or before, when negative) a day key. */
export function addDays(key: string, days: number): string {
  return dayjs(key).add(days, 'day').format(DAY_KEY_FORMAT);
}

/** Moves of the keyboard focus in the grid: a day sideways, a week up or down. */
export const FOCUS_STEPS: Readonly<Record<string, number>> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -DAYS_PER_WEEK,
  ArrowDown: DAYS_PER_WEEK,
};
