import '../../../lib/zod-setup';
import dayjs from 'dayjs';
import {
  isAllDaySchedule,
  scheduleEndOptional,
  scheduleInputSchema,
  type Schedule,
  type ScheduleInput,
  type ScheduleType,
} from '@teamup/contracts/schedules';
import {
  noRecurrence,
  recurrenceRuleOf,
  recurrenceValues,
  type RecurrenceFormValues,
} from './recurrence-form';

/** The schedule form as typed; the times are the pickers' values (YYYY-MM-DD HH:mm:ss, local). */
export interface ScheduleFormValues {
  title: string;
  type: ScheduleType;
  start: string;
  end: string;
  /**
   * Whole days: the start's day to the end's day (both inclusive; the end's date only, and an
   * end on or before the start's day means one day). The server ends them with the last day.
   */
  allDay: boolean;
  description: string;
  /** "반복" (recurrence-fields.tsx). */
  recurrence: RecurrenceFormValues;
  /** Minutes before the start the team is reminded (issue 44). */
  reminders: number[];
}

const LOCAL_INPUT_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The spec's defaults for a new schedule on a day: a MEETING from 09:00 to 10:00. */
export function newScheduleValues(day: string): ScheduleFormValues {
  return {
    title: '',
    type: 'MEETING',
    start: `${day} 09:00:00`,
    end: `${day} 10:00:00`,
    allDay: false,
    description: '',
    recurrence: noRecurrence(day),
    reminders: [],
  };
}

/** A new MEETING over a chosen time (the common free time's range), in local time. */
export function newScheduleValuesBetween(startDate: string, endDate: string): ScheduleFormValues {
  const start = dayjs(startDate);
  return {
    ...newScheduleValues(start.format('YYYY-MM-DD')),
    start: start.format(LOCAL_INPUT_FORMAT),
    end: dayjs(endDate).format(LOCAL_INPUT_FORMAT),
  };
}

/** A saved schedule as the form shows it, in local time. */
export function scheduleValues(schedule: Schedule): ScheduleFormValues {
  return {
    title: schedule.title,
    type: schedule.type,
    start: dayjs(schedule.startDate).format(LOCAL_INPUT_FORMAT),
    end: dayjs(schedule.endDate).format(LOCAL_INPUT_FORMAT),
    allDay: isAllDaySchedule(schedule),
    description: schedule.scheduleDesc ?? '',
    recurrence: recurrenceValues(schedule),
    reminders: [...schedule.reminders],
  };
}

/** A local input value as an instant; what cannot be read is passed on for the schema to refuse. */
function toInstant(value: string): string {
  const trimmed = value.trim();
  const parsed = dayjs(trimmed);
  return trimmed && parsed.isValid() ? parsed.toISOString() : trimmed;
}

/** Whether the form asks for an end: not for a deadline nor an all-day event (the contract's rule). */
export function needsEnd(values: Pick<ScheduleFormValues, 'type' | 'allDay'>): boolean {
  return !scheduleEndOptional(values);
}

/** The start as sent: an all-day event starts at its day's local midnight. */
function startOf(values: ScheduleFormValues): string {
  const day = values.start.trim().slice(0, 10);
  return values.allDay && day ? `${day} 00:00:00` : values.start;
}

/** An all-day event's last day as sent (its local midnight), when it is after the first. */
function lastDayOf(values: ScheduleFormValues): string | undefined {
  const first = values.start.trim().slice(0, 10);
  const last = values.end.trim().slice(0, 10);
  return dayjs(last).isValid() && last > first ? toInstant(`${last} 00:00:00`) : undefined;
}

/**
 * The body of POST and PUT: instants with an offset, an empty description as null; a deadline
 * and a one-day event leave the end out (the server ends them at the start, or with the day);
 * several days send the last one's midnight.
 */
export function scheduleBody(values: ScheduleFormValues): ScheduleInput {
  const lastDay = values.allDay ? lastDayOf(values) : undefined;
  const recurrenceRule = recurrenceRuleOf(values.recurrence);
  return {
    title: values.title.trim(),
    type: values.type,
    startDate: toInstant(startOf(values)),
    ...(needsEnd(values) ? { endDate: toInstant(values.end) } : {}),
    ...(lastDay ? { endDate: lastDay } : {}),
    ...(values.allDay ? { allDay: true } : {}),
    scheduleDesc: values.description.trim() ? values.description : null,
    // 안 함 is left out: the form asks for null itself when a series stops repeating.
    ...(recurrenceRule ? { recurrenceRule } : {}),
    reminders: values.reminders,
  };
}

/**
 * The first problem of the form by the contract's rules and texts ('일정 제목, 시작일, 종료일은
 * 필수입니다.', '종료일은 시작일보다 빠를 수 없습니다.', lengths); null when it may be sent.
 */
export function validateSchedule(values: ScheduleFormValues): string | null {
  const result = scheduleInputSchema.safeParse(scheduleBody(values));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * The end after the start moved: it keeps the schedule's length, so moving a start never makes
 * the end come before it. An end that was unreadable or already early is left as typed.
 */
export function endAfterStartMoved(previous: ScheduleFormValues, nextStart: string): string {
  const oldStart = dayjs(previous.start);
  const oldEnd = dayjs(previous.end);
  const newStart = dayjs(nextStart);
  if (!previous.start || !previous.end || !nextStart) return previous.end;
  if (!oldStart.isValid() || !oldEnd.isValid() || !newStart.isValid()) return previous.end;
  if (oldEnd.isBefore(oldStart)) return previous.end;
  return newStart.add(oldEnd.diff(oldStart), 'millisecond').format(LOCAL_INPUT_FORMAT);
}
