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

/** The schedule form as typed; the times are the pickers' values (YYYY-MM-DD HH:mm:ss, local). */
export interface ScheduleFormValues {
  title: string;
  type: ScheduleType;
  start: string;
  end: string;
  /** A whole day: only the start's day counts, the end is left to the server. */
  allDay: boolean;
  description: string;
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

/**
 * The body of POST and PUT: instants with an offset, an empty description as null; a deadline
 * and an all-day event leave the end out (the server ends them at the start, or with the day).
 */
export function scheduleBody(values: ScheduleFormValues): ScheduleInput {
  return {
    title: values.title.trim(),
    type: values.type,
    startDate: toInstant(startOf(values)),
    ...(needsEnd(values) ? { endDate: toInstant(values.end) } : {}),
    ...(values.allDay ? { allDay: true } : {}),
    scheduleDesc: values.description.trim() ? values.description : null,
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
