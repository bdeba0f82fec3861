import { z } from 'zod';
import { endpoint } from './endpoint';
import { dateRangeMessage, idSchema, isSupportedDate, pageQuerySchema, pageSchema } from './common';
import { Limits } from './limits';

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

const scheduleFields = z.object({
  title: z
    .string({ error: ScheduleMessages.required })
    .trim()
    .min(1, ScheduleMessages.required)
    .max(Limits.titleMax, ScheduleMessages.titleTooLong),
  startDate: instantSchema,
  /** Left out for a deadline (it ends when it starts) and an all-day event (it ends with its day). */
  endDate: instantSchema.optional(),
  /** A whole day from `startDate` (that day's local midnight); see ALL_DAY_MS. */
  allDay: z.boolean().optional(),
  scheduleDesc: z
    .string()
    .max(Limits.longTextMax, ScheduleMessages.descriptionTooLong)
    .nullable()
    .optional(),
  type: scheduleTypeSchema.default('MEETING'),
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

/** A saved schedule that lasts a whole day (created as all-day). */
export function isAllDaySchedule(value: { startDate: string; endDate: string }): boolean {
  return Date.parse(value.endDate) - Date.parse(value.startDate) === ALL_DAY_MS;
}

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

export const scheduleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  scheduleDesc: z.string().nullable(),
  type: scheduleTypeSchema,
  teamId: z.number().int(),
  teamName: z.string(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
    summary: 'Replace a schedule (its creator or the team leader)',
    params: scheduleParamsSchema,
    body: scheduleInputSchema,
    response: scheduleSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/teams/:teamId/schedules/:id',
    summary: 'Delete a schedule (its creator or the team leader)',
    params: scheduleParamsSchema,
    status: 204,
  }),
};
