/**
 * The recurrence of a schedule (issue 44, decision 0046): the subset of an RFC 5545 RRULE the app
 * offers — daily, weekly on chosen days, every N weeks, monthly on the start's day of the month;
 * ending on a date (UNTIL) or after N occurrences (COUNT), or never. Stored and answered as the
 * RRULE text itself (what an ICS feed carries as is); read and written here without a library so
 * the schemas stay light, and expanded on the server with the `rrule` package.
 */

export const recurrenceFrequencies = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number];

/** RFC 5545 weekday codes, Sunday first like the calendar's columns (Date#getDay order). */
export const weekdayCodes = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

export const RecurrenceLimits = {
  intervalMax: 99,
  countMax: 730,
  ruleMaxLength: 200,
} as const;

export const RecurrenceMessages = {
  badRule: '반복 규칙이 올바르지 않습니다.',
  intervalOutOfRange: `반복 간격은 1부터 ${RecurrenceLimits.intervalMax}까지 정할 수 있습니다.`,
  countOutOfRange: `반복 횟수는 1회부터 ${RecurrenceLimits.countMax}회까지 정할 수 있습니다.`,
  untilAndCount: '반복 종료는 날짜와 횟수 중 하나만 정할 수 있습니다.',
  untilBeforeStart: '반복 종료일은 시작일보다 빠를 수 없습니다.',
  weekdaysOnlyWeekly: '요일은 매주 반복에서만 고를 수 있습니다.',
  scopeNeedsOccurrence: '반복 일정의 어느 날짜인지 함께 보내야 합니다.',
  notRecurring: '반복 일정이 아닙니다.',
  occurrenceNotFound: '반복 일정에 그 날짜가 없습니다.',
} as const;

/** A parsed rule. `until` is an instant (ISO-8601, UTC); at most one of `until` and `count`. */
export interface RecurrenceRule {
  freq: RecurrenceFrequency;
  /** Every `interval` days, weeks or months (1 = every one). */
  interval: number;
  /** WEEKLY only: the days it falls on; empty means the start's weekday. */
  byDay: WeekdayCode[];
  until?: string;
  count?: number;
}

export type RecurrenceParse =
  | { ok: true; rule: RecurrenceRule }
  | { ok: false; message: (typeof RecurrenceMessages)[keyof typeof RecurrenceMessages] };

const bad = { ok: false, message: RecurrenceMessages.badRule } as const;

/** UNTIL as RFC 5545 writes it: a UTC date-time (`20261231T145959Z`) or a date (`20261231`). */
const UNTIL_PATTERN = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/;

function parseUntil(value: string): string | null {
  const match = UNTIL_PATTERN.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '23', minute = '59', second = '59'] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}.000Z`;
  const parsed = new Date(iso);
  // Date rolls 20260231 over into March: a date that does not exist is refused instead.
  return Number.isNaN(parsed.getTime()) || parsed.toISOString() !== iso ? null : iso;
}

function formatUntil(instant: string): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const POSITIVE_INTEGER = /^\d{1,6}$/;

/** Reads an RRULE (with or without its `RRULE:` name); the message says what is wrong. */
export function parseRecurrenceRule(text: string): RecurrenceParse {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body || body.length > RecurrenceLimits.ruleMaxLength) return bad;
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const [key, value, ...rest] = part.split('=');
    if (!key || value === undefined || rest.length > 0 || parts.has(key.toUpperCase())) return bad;
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (!recurrenceFrequencies.includes(freq as RecurrenceFrequency)) return bad;
  const rule: RecurrenceRule = { freq: freq as RecurrenceFrequency, interval: 1, byDay: [] };
  for (const [key, value] of parts) {
    switch (key) {
      case 'FREQ':
        break;
      case 'WKST':
        // The week start only matters to rules this app does not make (BYWEEKNO, BYDAY with
        // intervals over weeks starting elsewhere); accepted and left as RFC 5545's Monday.
        if (!weekdayCodes.includes(value as WeekdayCode)) return bad;
        break;
      case 'INTERVAL':
        if (!POSITIVE_INTEGER.test(value)) return bad;
        rule.interval = Number(value);
        if (rule.interval < 1 || rule.interval > RecurrenceLimits.intervalMax) {
          return { ok: false, message: RecurrenceMessages.intervalOutOfRange };
        }
        break;
      case 'COUNT':
        if (!POSITIVE_INTEGER.test(value)) return bad;
        rule.count = Number(value);
        if (rule.count < 1 || rule.count > RecurrenceLimits.countMax) {
          return { ok: false, message: RecurrenceMessages.countOutOfRange };
        }
        break;
      case 'UNTIL': {
        const until = parseUntil(value);
        if (!until) return bad;
        rule.until = until;
        break;
      }
      case 'BYDAY': {
        const days = value.split(',');
        if (days.some((day) => !weekdayCodes.includes(day as WeekdayCode))) return bad;
        if (new Set(days).size !== days.length) return bad;
        if (rule.freq !== 'WEEKLY') {
          return { ok: false, message: RecurrenceMessages.weekdaysOnlyWeekly };
        }
        // Kept in the calendar's order, so one rule has one text.
        rule.byDay = weekdayCodes.filter((code) => days.includes(code));
        break;
      }
      default:
        return bad;
    }
  }
  if (rule.until !== undefined && rule.count !== undefined) {
    return { ok: false, message: RecurrenceMessages.untilAndCount };
  }
  return { ok: true, rule };
}

/** The RRULE text of a rule (no `RRULE:` name), in one canonical order. */
export function formatRecurrenceRule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.freq === 'WEEKLY' && rule.byDay.length > 0) parts.push(`BYDAY=${rule.byDay.join(',')}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== undefined) parts.push(`UNTIL=${formatUntil(rule.until)}`);
  return parts.join(';');
}

/** How an edit or a deletion of one occurrence of a recurring schedule reaches the series. */
export const occurrenceScopes = ['THIS', 'FOLLOWING', 'ALL'] as const;
export type OccurrenceScope = (typeof occurrenceScopes)[number];
