import { z } from 'zod';
import { endpoint } from './endpoint';
import { dateRangeMessage, idSchema, isSupportedDate } from './common';
import { scheduleTypeSchema } from './schedules';

/**
 * A team's common free time (issue 44, when2meet-like): each member marks the half hours of a
 * week they are free. A week starts on Monday 00:00 in Asia/Seoul and shows 08:00–24:00 of each
 * of its seven days: 32 half-hour slots a day, 224 in all, numbered day by day from Monday 08:00
 * (slot = day × 32 + half hours since 08:00). Korea keeps no daylight saving time (since 1988),
 * so every week is the same 7 × 24 hours at +09:00 and a slot's instant is plain arithmetic.
 */
export const FreeTimeGrid = {
  timeZone: 'Asia/Seoul',
  utcOffset: '+09:00',
  dayStartHour: 8,
  dayEndHour: 24,
  slotMinutes: 30,
  days: 7,
  slotsPerDay: 32,
  slotCount: 224,
} as const;

const SLOT_MS = FreeTimeGrid.slotMinutes * 60_000;
const DAY_MS = 86_400_000;

export const FreeTimeMessages = {
  badWeek: '주의 시작일은 YYYY-MM-DD 형식의 월요일이어야 합니다.',
  slotsRequired: '가능한 시간 목록(slots)은 필수입니다.',
  badSlot: `시간 칸 번호는 0부터 ${FreeTimeGrid.slotCount - 1}까지의 정수여야 합니다.`,
  tooManySlots: `시간 칸은 한 주에 최대 ${FreeTimeGrid.slotCount}개입니다.`,
  duplicateSlot: '같은 시간 칸이 두 번 들어 있습니다.',
  loadFailed: '공통 시간을 불러오는데 실패했습니다',
  saved: '가능한 시간이 저장되었습니다.',
  saveFailed: '가능한 시간을 저장하지 못했습니다.',
} as const;

/** Whether `value` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** 0 for Monday … 6 for Sunday, of a YYYY-MM-DD day. */
function weekdayFromMonday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** A week's Monday, YYYY-MM-DD (the Seoul calendar day). */
export const weekStartSchema = z
  .string({ error: FreeTimeMessages.badWeek })
  .refine(isCalendarDay, { message: FreeTimeMessages.badWeek, abort: true })
  .refine((day) => weekdayFromMonday(day) === 0, { message: FreeTimeMessages.badWeek, abort: true })
  .refine(isSupportedDate, { message: dateRangeMessage });

/** The instant (ms) a week starts: its Monday 00:00 in Seoul. */
export function weekStartsAt(weekStart: string): number {
  return Date.parse(`${weekStart}T00:00:00${FreeTimeGrid.utcOffset}`);
}

/** The instant (ms) a slot of the week starts. */
export function slotStartsAt(weekStart: string, slot: number): number {
  const day = Math.floor(slot / FreeTimeGrid.slotsPerDay);
  const halfHours = slot % FreeTimeGrid.slotsPerDay;
  return (
    weekStartsAt(weekStart) +
    day * DAY_MS +
    FreeTimeGrid.dayStartHour * 3_600_000 +
    halfHours * SLOT_MS
  );
}

/** The instant (ms) a slot ends (the next one starts). */
export function slotEndsAt(weekStart: string, slot: number): number {
  return slotStartsAt(weekStart, slot) + SLOT_MS;
}

/**
 * The slots of the week that [start, end) overlaps (ms instants). A moment without length (a
 * deadline) occupies none: it makes nobody busy.
 */
export function slotsOverlapping(weekStart: string, start: number, end: number): number[] {
  const slots: number[] = [];
  if (end <= start) return slots;
  for (let slot = 0; slot < FreeTimeGrid.slotCount; slot += 1) {
    if (start < slotEndsAt(weekStart, slot) && end > slotStartsAt(weekStart, slot)) {
      slots.push(slot);
    }
  }
  return slots;
}

/** The Monday (YYYY-MM-DD, Seoul) of the week holding the instant `at` (ms). */
export function weekStartOf(at: number): string {
  const seoulDay = new Date(at + 9 * 3_600_000).toISOString().slice(0, 10);
  const monday = Date.parse(`${seoulDay}T00:00:00Z`) - weekdayFromMonday(seoulDay) * DAY_MS;
  return new Date(monday).toISOString().slice(0, 10);
}

/** The Monday `weeks` weeks after (or before, negative) another. */
export function shiftWeek(weekStart: string, weeks: number): string {
  return new Date(Date.parse(`${weekStart}T00:00:00Z`) + weeks * 7 * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

export const slotIndexSchema = z
  .number({ error: FreeTimeMessages.badSlot })
  .int(FreeTimeMessages.badSlot)
  .min(0, FreeTimeMessages.badSlot)
  .max(FreeTimeGrid.slotCount - 1, FreeTimeMessages.badSlot);

/** PUT …/free-time/{weekStart}/me: every slot the caller is free in that week (the whole set). */
export const saveFreeTimeSchema = z.object({
  slots: z
    .array(slotIndexSchema, { error: FreeTimeMessages.slotsRequired })
    .max(FreeTimeGrid.slotCount, FreeTimeMessages.tooManySlots)
    .refine((slots) => new Set(slots).size === slots.length, {
      message: FreeTimeMessages.duplicateSlot,
    }),
});
export type SaveFreeTime = z.infer<typeof saveFreeTimeSchema>;

export const freeTimeParamsSchema = z.object({ teamId: idSchema, weekStart: weekStartSchema });

const slotList = z.array(z.number().int());

export const freeTimeMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Whether they marked this week at all (an empty save counts: "not free at all"). */
  responded: z.boolean(),
});
export type FreeTimeMember = z.infer<typeof freeTimeMemberSchema>;

/** A schedule of the team's own calendar during the week, with the slots it fills. */
export const freeTimeBusySchema = z.object({
  scheduleId: z.number().int(),
  title: z.string(),
  type: scheduleTypeSchema,
  startDate: z.string(),
  endDate: z.string(),
  slots: slotList,
});
export type FreeTimeBusy = z.infer<typeof freeTimeBusySchema>;

export const freeTimeWeekSchema = z.object({
  teamId: z.number().int(),
  weekStart: z.string(),
  /** Monday 00:00 in Seoul, ISO-8601 with offset. */
  startsAt: z.string(),
  timeZone: z.literal(FreeTimeGrid.timeZone),
  dayStartHour: z.number().int(),
  slotMinutes: z.number().int(),
  slotsPerDay: z.number().int(),
  /** The caller's free slots, ascending. */
  mySlots: slotList,
  /** The team's members, the leader first. */
  members: z.array(freeTimeMemberSchema),
  /** For each of the 224 slots, how many members are free in it. */
  counts: z.array(z.number().int()),
  /** For each of the 224 slots, who is free in it (user ids). */
  freeUserIds: z.array(slotList),
  busy: z.array(freeTimeBusySchema),
});
export type FreeTimeWeek = z.infer<typeof freeTimeWeekSchema>;

export const freeTimeEndpoints = {
  week: endpoint({
    method: 'GET',
    path: '/teams/:teamId/free-time/:weekStart',
    summary:
      'A team’s common free time for the week starting on a Monday (Asia/Seoul): the caller’s ' +
      'slots, how many and who are free in each slot, and the team’s schedules that week (members)',
    params: freeTimeParamsSchema,
    response: freeTimeWeekSchema,
  }),
  saveMine: endpoint({
    method: 'PUT',
    path: '/teams/:teamId/free-time/:weekStart/me',
    summary: 'Replace the caller’s free slots of that week (members); answers the week',
    params: freeTimeParamsSchema,
    body: saveFreeTimeSchema,
    response: freeTimeWeekSchema,
  }),
};
