import dayjs from 'dayjs';
import { Limits } from '@teamup/contracts/limits';
import type { Schedule } from '@teamup/contracts/schedules';
import { DAY_KEY_FORMAT } from './month-grid';

/** The local days a schedule covers, first and last inclusive (YYYY-MM-DD). */
export interface DaySpan {
  firstDay: string;
  lastDay: string;
}

/**
 * The days a schedule covers in local time. An end at exactly midnight does not reach into that
 * day (09:00 to the next 00:00 is one day); an end not after the start keeps the start's day.
 */
export function daySpanOf(schedule: Pick<Schedule, 'startDate' | 'endDate'>): DaySpan {
  const start = dayjs(schedule.startDate);
  const end = dayjs(schedule.endDate);
  const lastMoment = end.isAfter(start) ? end.subtract(1, 'millisecond') : start;
  return { firstDay: start.format(DAY_KEY_FORMAT), lastDay: lastMoment.format(DAY_KEY_FORMAT) };
}

export function coversDay(span: DaySpan, day: string): boolean {
  return span.firstDay <= day && day <= span.lastDay;
}

/**
 * A schedule's key in lists: occurrences of one series share its id, and differ by their
 * original start.
 */
export function scheduleKey(schedule: Pick<Schedule, 'id' | 'occurrenceStart'>): string {
  return schedule.occurrenceStart
    ? `${schedule.id}@${schedule.occurrenceStart}`
    : String(schedule.id);
}

/** Earlier start first, then the longer one, then the older id: the order of cells and lists. */
export function compareSchedules(a: Schedule, b: Schedule): number {
  const byStart = Date.parse(a.startDate) - Date.parse(b.startDate);
  if (byStart !== 0) return byStart;
  const byEnd = Date.parse(b.endDate) - Date.parse(a.endDate);
  return byEnd !== 0 ? byEnd : a.id - b.id;
}

/** The schedules that cover a day, in order. */
export function schedulesOnDay(schedules: Schedule[], day: string): Schedule[] {
  return schedules.filter((schedule) => coversDay(daySpanOf(schedule), day)).sort(compareSchedules);
}

/** The part of a schedule drawn in one week row, as a bar over columns `startCol`-`endCol`. */
export interface WeekSegment {
  schedule: Schedule;
  /** 0 (Sunday) to 6 (Saturday), both inclusive. */
  startCol: number;
  endCol: number;
  /** The row inside the week, from 0; bars of the same lane never overlap. */
  lane: number;
  /** The schedule began in an earlier week (the bar restarts at this row's Sunday). */
  continuesBefore: boolean;
  /** The schedule goes on into the next week. */
  continuesAfter: boolean;
}

/**
 * Lays out the schedules of one week row (its 7 day keys, Sunday first) as bars. Segments are
 * taken by first column, longer first, and each goes into the lowest lane that is free over its
 * whole span (greedy interval colouring: it uses as few lanes as the busiest day needs).
 */
export function layoutWeek(schedules: Schedule[], weekDays: string[]): WeekSegment[] {
  const first = weekDays[0];
  const last = weekDays[weekDays.length - 1];
  if (first === undefined || last === undefined) return [];
  const pieces = schedules.flatMap((schedule) => {
    const span = daySpanOf(schedule);
    if (span.lastDay < first || span.firstDay > last) return [];
    const continuesBefore = span.firstDay < first;
    const continuesAfter = span.lastDay > last;
    return [
      {
        schedule,
        startCol: continuesBefore ? 0 : weekDays.indexOf(span.firstDay),
        endCol: continuesAfter ? weekDays.length - 1 : weekDays.indexOf(span.lastDay),
        continuesBefore,
        continuesAfter,
      },
    ];
  });
  pieces.sort(
    (a, b) =>
      a.startCol - b.startCol ||
      b.endCol - b.startCol - (a.endCol - a.startCol) ||
      compareSchedules(a.schedule, b.schedule),
  );
  // The last column taken in each lane so far.
  const laneEnds: number[] = [];
  return pieces.map((piece) => {
    let lane = laneEnds.findIndex((end) => end < piece.startCol);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = piece.endCol;
    return { ...piece, lane };
  });
}

/**
 * How many schedules of a week column are not drawn because their lane is beyond the
 * `visibleLanes` shown per cell: the N of the cell's '+N' button.
 */
export function hiddenCount(
  segments: WeekSegment[],
  col: number,
  visibleLanes: number = Limits.calendarEventsPerCell,
): number {
  return segments.filter(
    (segment) => segment.lane >= visibleLanes && segment.startCol <= col && col <= segment.endCol,
  ).length;
}
