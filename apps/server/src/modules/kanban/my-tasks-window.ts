/*
 * The edges of "오늘" and "이번 주" for the my-tasks groups (contracts/my-tasks.ts), in a person's
 * time zone, computed once per request so the query compares plain values: a day deadline
 * (YYYY-MM-DD) against local days, a due time (a UTC instant) against the instants where those
 * local days begin.
 */

export type DueWindow = {
  /** The present instant. */
  now: Date;
  /** Today in the zone, YYYY-MM-DD. */
  today: string;
  /** The Sunday that ends this week (today when it is Sunday), YYYY-MM-DD. */
  sunday: string;
  /** Where tomorrow begins in the zone. */
  tomorrowStart: Date;
  /** Where next Monday begins in the zone. */
  nextMondayStart: Date;
  /** The zone's offset from UTC now, in minutes (orders day deadlines among due times). */
  offsetMinutes: number;
};

const DAY_MS = 86_400_000;

/** The wall clock of `timeZone` at `at`, read as if it were UTC (milliseconds). */
function wallClockMs(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
}

const dayOf = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** Where local day `day` (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDayIn(timeZone: string, day: string): Date {
  const wall = dayMs(day);
  // The offset at a guess, then again at the answer: right across a daylight-saving change too.
  let instant = wall;
  for (let step = 0; step < 2; step += 1) {
    instant = wall - (wallClockMs(timeZone, new Date(instant)) - instant);
  }
  return new Date(instant);
}

export function dueWindow(timeZone: string, now: Date): DueWindow {
  const wallNow = wallClockMs(timeZone, now);
  const today = dayOf(wallNow);
  // getUTCDay: 0 is Sunday; weeks here run Monday to Sunday.
  const weekday = new Date(dayMs(today)).getUTCDay() || 7;
  const sunday = dayOf(dayMs(today) + (7 - weekday) * DAY_MS);
  return {
    now,
    today,
    sunday,
    tomorrowStart: startOfDayIn(timeZone, dayOf(dayMs(today) + DAY_MS)),
    nextMondayStart: startOfDayIn(timeZone, dayOf(dayMs(sunday) + DAY_MS)),
    offsetMinutes: Math.round((wallNow - Math.floor(now.getTime() / 1000) * 1000) / 60_000),
  };
}
