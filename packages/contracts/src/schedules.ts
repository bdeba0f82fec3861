import { z } from 'zod';
import { endpoint } from './endpoint';
import { dateRangeMessage, idSchema, isSupportedDate, pageQuerySchema, pageSchema } from './common';
import { Limits } from './limits';
import {
  occurrenceScopes,
  parseRecurrenceRule,
  RecurrenceLimits,
  RecurrenceMessages,
} from './recurrence';

export const scheduleTypes = ['MEETING', 'DEADLINE', 'WORKSHOP', 'VACATION', 'OTHER'] as const;
export const scheduleTypeSchema = z.enum(scheduleTypes);
export type ScheduleType = z.infer<typeof scheduleTypeSchema>;

/** Texts of spec 02 sections 5 and 8 for schedules. */
export const ScheduleMessages = {
  required: '일정 제목, 시작일, 종료일은 필수입니다.',
  titleTooLong: `일정 제목은 ${Limits.titleMax}자 이하여야 합니다.`,
  descriptionTooLong: `일정 설명은 ${Limits.longTextMax.toLocaleString('ko-KR')}자 이하여야 합니다.`,
  endBeforeStart: '종료일은 시작일보다 빠를 수 없습니다.',
  badDate: '날짜 형식이 올바르지 않습니다.',
  rangeTooLong: '한 번에 조회할 수 있는 기간은 최대 1년입니다.',
  notFound: '일정을 찾을 수 없습니다.',
  creatorOrLeaderOnly: '일정을 만든 사람이나 팀장만 수정하거나 삭제할 수 있습니다.',
  loadFailed: '일정을 불러오는데 실패했습니다',
  badReminder: '알림 시점은 시작 시각, 5분, 10분, 30분, 1시간, 1일 전 중에서 골라주세요.',
  duplicateReminder: '같은 알림 시점을 두 번 고를 수 없습니다.',
  tooManyReminders: '알림은 최대 6개까지 설정할 수 있습니다.',
} as const;

/** An ISO-8601 date-time with an offset (or Z); a bare date means that day 00:00 UTC. */
const instantSchema = z
  .string({ error: ScheduleMessages.required })
  .trim()
  .min(1, ScheduleMessages.required)
  .max(40, { message: ScheduleMessages.badDate, abort: true })
  .refine((value) => !Number.isNaN(Date.parse(value)), {
    message: ScheduleMessages.badDate,
    abort: true,
  })
  .refine(isSupportedDate, { message: dateRangeMessage, abort: true });

/** Minutes before an event's start its team may be reminded (issue 44): at start, 5, 10, 30 min, 1 h, 1 day. */
export const scheduleReminderMinutes = [0, 5, 10, 30, 60, 1440] as const;
export type ScheduleReminderMinutes = (typeof scheduleReminderMinutes)[number];

const reminderMinutesSchema = z
  .number({ error: ScheduleMessages.badReminder })
  .int(ScheduleMessages.badReminder)
  // Bounds the OpenAPI document states (every integer a request takes is bounded); the refine
  // below keeps to the offered offsets.
  .min(0, ScheduleMessages.badReminder)
  .max(Math.max(...scheduleReminderMinutes), ScheduleMessages.badReminder)
  .refine(
    (value): value is ScheduleReminderMinutes =>
      (scheduleReminderMinutes as readonly number[]).includes(value),
    { message: ScheduleMessages.badReminder },
  );

/** Several reminders, each once; sorted so the stored list does not depend on the picking order. */
export const scheduleRemindersSchema = z
  .array(reminderMinutesSchema)
  .max(scheduleReminderMinutes.length, ScheduleMessages.tooManyReminders)
  .refine((minutes) => new Set(minutes).size === minutes.length, {
    message: ScheduleMessages.duplicateReminder,
  })
  .transform((minutes) => [...minutes].sort((a, b) => a - b));

const scheduleFields = z.object({
  title: z
    .string({ error: ScheduleMessages.required })
    .trim()
    .min(1, ScheduleMessages.required)
    .max(Limits.titleMax, ScheduleMessages.titleTooLong),
  startDate: instantSchema,
  /** Left out for a deadline (it ends when it starts) and an all-day event (it ends with its day). */
  endDate: instantSchema.optional(),
  /**
   * Whole days from `startDate` (that day's local midnight); see ALL_DAY_MS. With `endDate` it
   * spans to the end of that day (the last day, inclusive: give its midnight), else one day.
   */
  allDay: z.boolean().optional(),
  /** An RFC 5545 RRULE (recurrence.ts); null or left out for a schedule that happens once. */
  recurrenceRule: z
    .string()
    .max(RecurrenceLimits.ruleMaxLength, RecurrenceMessages.badRule)
    .nullable()
    .optional()
    .superRefine((value, context) => {
      if (value === null || value === undefined) return;
      const parsed = parseRecurrenceRule(value);
      if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
    }),
  scheduleDesc: z
    .string()
    .max(Limits.longTextMax, ScheduleMessages.descriptionTooLong)
    .nullable()
    .optional(),
  type: scheduleTypeSchema.default('MEETING'),
  /** Minutes before the start at which the team is reminded; none when left out. */
  reminders: scheduleRemindersSchema.optional(),
});

const endNotBeforeStart = (value: { startDate: string; endDate?: string | undefined }) =>
  value.endDate === undefined || Date.parse(value.endDate) >= Date.parse(value.startDate);

/**
 * How long an all-day event lasts: from its day's midnight to the last millisecond of that day
 * (a length no picker makes otherwise, so a saved schedule of exactly this length is all-day).
 */
export const ALL_DAY_MS = 86_400_000 - 1;

/** Which schedules may leave out their end: deadlines and all-day events. */
export function scheduleEndOptional(value: { type?: ScheduleType; allDay?: boolean }): boolean {
  return value.type === 'DEADLINE' || value.allDay === true;
}

const DAY_MS = ALL_DAY_MS + 1;

/** A saved schedule of whole days (created as all-day): one day, or several up to a last one. */
export function isAllDaySchedule(value: { startDate: string; endDate: string }): boolean {
  const length = Date.parse(value.endDate) - Date.parse(value.startDate);
  return length > 0 && (length + 1) % DAY_MS === 0;
}

/**
 * The end stored for an all-day event: the end of its last day. `lastDay` is that day's local
 * midnight (any instant of it); whole days are counted from the start's midnight, rounding, so a
 * zone's 23 or 25 hour day still counts as one.
 */
export function allDayEnd(start: number, lastDay: number | undefined): number {
  const days = lastDay === undefined ? 1 : Math.max(1, Math.round((lastDay - start) / DAY_MS) + 1);
  return start + days * DAY_MS - 1;
}

/** The rule's end (UNTIL) is not before the start: else it would have no occurrence. */
const untilNotBeforeStart = (value: { startDate: string; recurrenceRule?: string | null }) => {
  if (!value.recurrenceRule) return true;
  const parsed = parseRecurrenceRule(value.recurrenceRule);
  return !parsed.ok || parsed.rule.until === undefined
    ? true
    : Date.parse(parsed.rule.until) >= Date.parse(value.startDate);
};

/**
 * POST /teams/{t}/schedules and PUT /teams/{t}/schedules/{id} (the whole schedule). The end is
 * required but for a deadline (stored as ending when it starts) and an all-day event (stored as
 * ending with its day, ALL_DAY_MS after the start).
 */
export const scheduleInputSchema = scheduleFields
  .refine((value) => value.endDate !== undefined || scheduleEndOptional(value), {
    message: ScheduleMessages.required,
    path: ['endDate'],
  })
  .refine(endNotBeforeStart, {
    message: ScheduleMessages.endBeforeStart,
    path: ['endDate'],
  })
  .refine(untilNotBeforeStart, {
    message: RecurrenceMessages.untilBeforeStart,
    path: ['recurrenceRule'],
  });
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

export const teamSchedulesParamsSchema = z.object({ teamId: idSchema });
export const scheduleParamsSchema = z.object({ teamId: idSchema, id: idSchema });

export const scheduleListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  size: z.coerce.number().int().min(1).max(100).default(Limits.schedulePageSize),
});

/** GET /teams/{t}/schedules/range: every schedule that overlaps [startDate, endDate]. */
export const scheduleRangeQuerySchema = z
  .object({ startDate: instantSchema, endDate: instantSchema })
  .refine(endNotBeforeStart, { message: ScheduleMessages.endBeforeStart, path: ['endDate'] })
  .refine((value) => Date.parse(value.endDate) - Date.parse(value.startDate) <= 400 * 86_400_000, {
    message: ScheduleMessages.rangeTooLong,
    path: ['endDate'],
  });

/**
 * PUT and DELETE of a recurring schedule: which occurrence (its original start, as answered in
 * `occurrenceStart`) and how far the change reaches — THIS ("이 일정만"), FOLLOWING ("이 일정과
 * 이후 일정") or ALL ("모든 일정", the default, also for a schedule that happens once).
 */
export const occurrenceScopeQuerySchema = z
  .object({
    scope: z.enum(occurrenceScopes).default('ALL'),
    occurrence: instantSchema.optional(),
  })
  .refine((value) => value.scope === 'ALL' || value.occurrence !== undefined, {
    message: RecurrenceMessages.scopeNeedsOccurrence,
    path: ['occurrence'],
  });
export type OccurrenceScopeQuery = z.input<typeof occurrenceScopeQuerySchema>;

export const scheduleSchema = z.object({
  /** The stored schedule: for an occurrence of a series, the series (or its edited copy). */
  id: z.number().int(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  scheduleDesc: z.string().nullable(),
  type: scheduleTypeSchema,
  /** Minutes before the start at which the team is reminded, ascending. */
  reminders: z.array(z.number().int()),
  teamId: z.number().int(),
  teamName: z.string(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The series' RRULE on the series and each of its occurrences; null otherwise. */
  recurrenceRule: z.string().nullable(),
  /** The series this is an occurrence (or an edited occurrence) of; null for a one-off. */
  seriesId: z.number().int().nullable(),
  /**
   * The occurrence's original start (the series' own date for it, kept when one occurrence is
   * moved): with `seriesId` it names the occurrence, for `?occurrence=` and as a stable key.
   */
  occurrenceStart: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const schedulePageSchema = pageSchema(scheduleSchema);

/** The schedules API (spec 02 section 6). */
export const scheduleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/teams/:teamId/schedules',
    summary: 'A team’s schedules by start time (size 20 by default)',
    params: teamSchedulesParamsSchema,
    query: scheduleListQuerySchema,
    response: schedulePageSchema,
  }),
  range: endpoint({
    method: 'GET',
    path: '/teams/:teamId/schedules/range',
    summary: 'Every schedule overlapping [startDate, endDate] (at most about a year)',
    params: teamSchedulesParamsSchema,
    query: scheduleRangeQuerySchema,
    response: z.array(scheduleSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/teams/:teamId/schedules',
    summary: 'Add a schedule to a team (any member)',
    params: teamSchedulesParamsSchema,
    body: scheduleInputSchema,
    response: scheduleSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/teams/:teamId/schedules/:id',
    summary:
      'Replace a schedule, or one or the following occurrences of a series (its creator or the team leader)',
    params: scheduleParamsSchema,
    query: occurrenceScopeQuerySchema,
    body: scheduleInputSchema,
    response: scheduleSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/teams/:teamId/schedules/:id',
    summary: 'Delete a schedule (its creator or the team leader)',
    params: scheduleParamsSchema,
    query: occurrenceScopeQuerySchema,
    status: 204,
  }),
};
