import { createRequire } from 'node:module';
import type * as RRuleModule from 'rrule';
import {
  formatRecurrenceRule,
  parseRecurrenceRule,
  weekdayCodes,
  type RecurrenceRule,
} from '@teamup/contracts/recurrence';

// rrule's CommonJS entry is a UMD bundle whose names Node's ESM loader cannot see, so a named
// import fails at run time (the server's bundle keeps npm packages external); require reads it.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;

/**
 * The zone a rule's days and times are kept in (decision 0046): "every Tuesday 08:00" stays on
 * Tuesday 08:00 there although that is Monday 23:00 UTC. Teams have no zone of their own; the
 * app is Korean and Asia/Seoul has no daylight saving, but the conversion below is general.
 */
export const CALENDAR_TIME_ZONE = 'Asia/Seoul';

const DAY_MS = 86_400_000;

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CALENDAR_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const HOUR_MS = 3_600_000;
/** Offsets by hour (zones change offset on the hour or half hour at most, not within one). */
const offsetsByHour = new Map<number, number>();
const OFFSETS_KEPT = 50_000;

/** The zone's offset from UTC at an instant, in ms (Seoul's is +9 h). */
function offsetAt(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    if (offsetsByHour.size >= OFFSETS_KEPT) offsetsByHour.clear();
    offset = computeOffset(hour * HOUR_MS);
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

function computeOffset(instant: number): number {
  const fields: Record<string, number> = {};
  for (const part of offsetFormat.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return asUtc - instant;
}

/** An instant as the zone's wall clock, written as a UTC Date (rrule's "floating" time). */
function toWallClock(instant: number): Date {
  return new Date(instant + offsetAt(instant));
}

/** A floating wall-clock time back to the instant it names in the zone. */
function fromWallClock(wall: Date): number {
  const guess = wall.getTime() - offsetAt(wall.getTime());
  return wall.getTime() - offsetAt(guess);
}

const FREQUENCY = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY } as const;

function ruleOf(text: string): RecurrenceRule {
  const parsed = parseRecurrenceRule(text);
  // Every stored rule passed the input schema; one that does not parse is a bug, not an input.
  if (!parsed.ok) throw new Error(`stored recurrence rule does not parse: ${text}`);
  return parsed.rule;
}

function rruleFor(rule: RecurrenceRule, firstStart: number) {
  return new RRule({
    freq: FREQUENCY[rule.freq],
    interval: rule.interval,
    byweekday:
      rule.byDay.length > 0
        ? rule.byDay.map((code) => weekdayCodes.indexOf(code)).map(toRRuleDay)
        : null,
    count: rule.count ?? null,
    until: rule.until === undefined ? null : toWallClock(Date.parse(rule.until)),
    dtstart: toWallClock(firstStart),
  });
}

/** Date#getDay (Sunday 0) to rrule's weekday numbers (Monday 0). */
function toRRuleDay(day: number): number {
  return (day + 6) % 7;
}

/**
 * Where iteration may begin for a range starting at `from`: rrule walks from DTSTART, so a daily
 * or weekly rule without a count is moved on by whole periods (which keeps its days and weeks)
 * to just before the range. Monthly rules (12 a year) and counted ones (at most 730) are walked.
 */
function fastForwardedStart(rule: RecurrenceRule, firstStart: number, from: number): number {
  if (rule.count !== undefined || rule.freq === 'MONTHLY' || from <= firstStart) return firstStart;
  const period = (rule.freq === 'DAILY' ? 1 : 7) * rule.interval * DAY_MS;
  return firstStart + Math.floor((from - firstStart) / period) * period;
}

export interface SeriesTiming {
  rule: string;
  /** The first occurrence's start and end (the series row's startsAt/endsAt). */
  startsAt: Date;
  endsAt: Date;
}

/**
 * The starts of a series' occurrences that overlap [from, to] (an occurrence lasts as long as
 * the first one), in order. Bounded by the range: at most one a day over the ~400 days a range
 * may span, whatever the rule.
 */
export function occurrenceStarts(series: SeriesTiming, from: Date, to: Date): Date[] {
  const rule = ruleOf(series.rule);
  const first = series.startsAt.getTime();
  const length = series.endsAt.getTime() - first;
  const earliest = from.getTime() - length;
  const start = fastForwardedStart(rule, first, earliest);
  const rrule = rruleFor(rule, start);
  return rrule
    .between(toWallClock(Math.max(earliest, start)), toWallClock(to.getTime()), true)
    .map((wall) => new Date(fromWallClock(wall)));
}

/** Whether `at` is the start of one of the series' occurrences (exceptions aside). */
export function isOccurrence(series: SeriesTiming, at: Date): boolean {
  return occurrenceStarts(series, at, at).some((start) => start.getTime() === at.getTime());
}

/** How many occurrences the series has before `at` (for a COUNT carried over on a split). */
export function occurrencesBefore(series: SeriesTiming, at: Date): number {
  const rule = ruleOf(series.rule);
  const rrule = rruleFor(rule, series.startsAt.getTime());
  return rrule
    .between(toWallClock(series.startsAt.getTime()), toWallClock(at.getTime()), true)
    .filter((wall) => fromWallClock(wall) < at.getTime()).length;
}

/**
 * When the series' last occurrence ends, or null when it never ends: stored as
 * `recurrenceEndsAt` so the range query reads only the series that can reach the range.
 */
export function seriesEndsAt(series: SeriesTiming): Date | null {
  const rule = ruleOf(series.rule);
  const length = series.endsAt.getTime() - series.startsAt.getTime();
  if (rule.until !== undefined) return new Date(Date.parse(rule.until) + length);
  if (rule.count === undefined) return null;
  const last = rruleFor(rule, series.startsAt.getTime()).all().at(-1);
  return new Date((last ? fromWallClock(last) : series.startsAt.getTime()) + length);
}

/**
 * The rule of a series' part before `at` ("이 일정과 이후 일정" ends it there): UNTIL one second
 * before, in place of a COUNT or a later UNTIL.
 */
export function ruleEndingBefore(text: string, at: Date): string {
  const { count: _count, ...rule } = ruleOf(text);
  return formatRecurrenceRule({ ...rule, until: new Date(at.getTime() - 1000).toISOString() });
}

/** A rule's COUNT lowered by `done` occurrences (the part a split series keeps); null: none left. */
export function ruleWithCountLeft(text: string, done: number): string | null {
  const rule = ruleOf(text);
  if (rule.count === undefined) return text;
  const left = rule.count - done;
  return left > 0 ? formatRecurrenceRule({ ...rule, count: left }) : null;
}

/**
 * The recurrence columns of a schedule saved with `rule` (none for a one-off): the rule in its
 * canonical text and when its last occurrence ends.
 */
export function recurrenceColumns(
  rule: string | null | undefined,
  startsAt: Date,
  endsAt: Date,
): { recurrenceRule: string | null; recurrenceEndsAt: Date | null } {
  if (!rule) return { recurrenceRule: null, recurrenceEndsAt: null };
  const canonical = formatRecurrenceRule(ruleOf(rule));
  return {
    recurrenceRule: canonical,
    recurrenceEndsAt: seriesEndsAt({ rule: canonical, startsAt, endsAt }),
  };
}
