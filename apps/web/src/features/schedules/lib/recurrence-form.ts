import dayjs from 'dayjs';
import {
  formatRecurrenceRule,
  parseRecurrenceRule,
  weekdayCodes,
  type WeekdayCode,
} from '@teamup/contracts/recurrence';
import type { Schedule } from '@teamup/contracts/schedules';

/** The "반복" choices of the form: 안 함, 매일, 매주 (요일), N주마다 (요일), 매월. */
export const repeatKinds = ['NONE', 'DAILY', 'WEEKLY', 'EVERY_N_WEEKS', 'MONTHLY'] as const;
export type RepeatKind = (typeof repeatKinds)[number];

/** How a series ends: never, on a day (inclusive), after N occurrences. */
export const repeatEnds = ['NEVER', 'UNTIL', 'COUNT'] as const;
export type RepeatEnd = (typeof repeatEnds)[number];

export interface RecurrenceFormValues {
  kind: RepeatKind;
  /** EVERY_N_WEEKS: N (2 or more). */
  weeks: number;
  /** WEEKLY and EVERY_N_WEEKS: the days, Sunday first. */
  weekdays: WeekdayCode[];
  end: RepeatEnd;
  /** UNTIL: the last day, YYYY-MM-DD (local). */
  until: string;
  /** COUNT: how many occurrences. */
  count: number;
}

const DEFAULT_COUNT = 10;

/** A new schedule repeats not; when asked to, weekly on its own weekday. */
export function noRecurrence(startDay: string): RecurrenceFormValues {
  const start = dayjs(startDay);
  const weekday = weekdayCodes[start.isValid() ? start.day() : 0] ?? 'SU';
  return {
    kind: 'NONE',
    weeks: 2,
    weekdays: [weekday],
    end: 'NEVER',
    until: start.isValid() ? start.add(3, 'month').format('YYYY-MM-DD') : '',
    count: DEFAULT_COUNT,
  };
}

/** A saved schedule's rule as the form shows it (a rule it cannot read shows as 안 함). */
export function recurrenceValues(schedule: Schedule): RecurrenceFormValues {
  const base = noRecurrence(dayjs(schedule.startDate).format('YYYY-MM-DD'));
  if (!schedule.recurrenceRule) return base;
  const parsed = parseRecurrenceRule(schedule.recurrenceRule);
  if (!parsed.ok) return base;
  const { rule } = parsed;
  const kind: RepeatKind =
    rule.freq === 'DAILY'
      ? 'DAILY'
      : rule.freq === 'MONTHLY'
        ? 'MONTHLY'
        : rule.interval > 1
          ? 'EVERY_N_WEEKS'
          : 'WEEKLY';
  return {
    kind,
    weeks: rule.freq === 'WEEKLY' && rule.interval > 1 ? rule.interval : base.weeks,
    weekdays: rule.byDay.length > 0 ? rule.byDay : base.weekdays,
    end: rule.until ? 'UNTIL' : rule.count ? 'COUNT' : 'NEVER',
    until: rule.until ? dayjs(rule.until).format('YYYY-MM-DD') : base.until,
    count: rule.count ?? DEFAULT_COUNT,
  };
}

/**
 * The RRULE sent for the form's choice, or null for 안 함. A day to end on is its last local
 * moment, so the occurrence on that day still happens. Out-of-range numbers are sent as typed
 * for the contract to refuse with its message.
 */
export function recurrenceRuleOf(values: RecurrenceFormValues): string | null {
  if (values.kind === 'NONE') return null;
  const freq = values.kind === 'DAILY' ? 'DAILY' : values.kind === 'MONTHLY' ? 'MONTHLY' : 'WEEKLY';
  const until =
    values.end === 'UNTIL' && dayjs(values.until).isValid()
      ? dayjs(values.until).endOf('day').startOf('second').toISOString()
      : undefined;
  return formatRecurrenceRule({
    freq,
    interval: values.kind === 'EVERY_N_WEEKS' ? values.weeks : 1,
    byDay: freq === 'WEEKLY' ? weekdayCodes.filter((code) => values.weekdays.includes(code)) : [],
    ...(until ? { until } : {}),
    ...(values.end === 'COUNT' ? { count: values.count } : {}),
  });
}
