import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { endpoint } from './endpoint';

/*
 * How notifications reach a member who is not looking at TeamUp (issue 43): a mail digest of what
 * waits unread, and quiet hours (방해금지) in which nothing is pushed or mailed. The bell and the
 * lists are never affected.
 */

/** When the digest mail of unread mentions and direct messages goes out. */
export const digestFrequencies = ['OFF', 'AFTER_15_MIN', 'AFTER_1_HOUR', 'DAILY_9AM'] as const;
export const digestFrequencySchema = z.enum(digestFrequencies);
export type DigestFrequency = z.infer<typeof digestFrequencySchema>;

/** How long a member must have been away before a digest is mailed, by frequency. */
export const digestAwayMinutes: Record<Exclude<DigestFrequency, 'OFF' | 'DAILY_9AM'>, number> = {
  AFTER_15_MIN: 15,
  AFTER_1_HOUR: 60,
};

export const DEFAULT_TIME_ZONE = 'Asia/Seoul';

/** Whether the runtime knows `zone` as an IANA time zone (Node and browsers alike). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeOfDaySchema = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: '시각은 00:00부터 23:59 사이로 입력해주세요.' });

export const quietHoursSchema = z
  .object({
    enabled: z.boolean(),
    /** 'HH:mm' in the member's time zone; a window past midnight (23:00-08:00) is usual. */
    start: timeOfDaySchema,
    end: timeOfDaySchema,
    /** Mentions of the member still get through. */
    allowMentions: z.boolean(),
  })
  .refine((quiet) => quiet.start !== quiet.end, {
    message: '방해금지 시작과 끝 시각이 같을 수 없습니다.',
    path: ['end'],
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** How long before a kanban card's deadline its assignees are reminded (issue 44). */
export const taskReminderOffsets = ['24H', '1H'] as const;
export const taskReminderOffsetSchema = z.enum(taskReminderOffsets);
export type TaskReminderOffset = z.infer<typeof taskReminderOffsetSchema>;
export const taskReminderOffsetMs: Record<TaskReminderOffset, number> = {
  '24H': 24 * 3_600_000,
  '1H': 3_600_000,
};

/** Which task reminders a member gets: any of 24 h and 1 h before, or none (an empty list). */
export const taskRemindersSchema = z
  .array(taskReminderOffsetSchema)
  .max(taskReminderOffsets.length)
  .refine((offsets) => new Set(offsets).size === offsets.length, {
    message: '같은 알림 시점을 두 번 고를 수 없습니다.',
  });

export const deliverySettingsSchema = z.object({
  digest: digestFrequencySchema,
  quietHours: quietHoursSchema,
  /** IANA name; quiet hours and the 09:00 digest follow it. */
  timeZone: z.string().refine(isKnownTimeZone, { message: '알 수 없는 시간대입니다.' }),
  /** Left out by a client of before issue 44: both (the default). */
  taskReminders: taskRemindersSchema.default([...taskReminderOffsets]),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** What a member who never changed them has. */
export const defaultDeliverySettings: DeliverySettings = {
  digest: 'AFTER_15_MIN',
  quietHours: { enabled: false, start: '23:00', end: '08:00', allowMentions: false },
  timeZone: DEFAULT_TIME_ZONE,
  taskReminders: [...taskReminderOffsets],
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The wall-clock minute of the day (0-1439) at `at` in `timeZone`. */
export function minuteOfDayIn(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: 'hour' | 'minute') =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Whether `at` falls in the quiet hours (start included, end excluded), in the member's zone.
 * A window whose end is before its start runs past midnight.
 */
export function inQuietHours(
  settings: Pick<DeliverySettings, 'quietHours' | 'timeZone'>,
  at: Date,
) {
  const { quietHours: quiet, timeZone } = settings;
  if (!quiet.enabled) return false;
  const now = minuteOfDayIn(timeZone, at);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * The next moment after `at` when the wall clock of `timeZone` shows `time` ('HH:mm'), to the
 * minute. Counted in wall-clock minutes of the zone: a daylight-saving change in between moves it
 * by its hour (Asia/Seoul has none).
 */
export function nextTimeOfDay(timeZone: string, time: string, at: Date): Date {
  const wait = (minutesOf(time) - minuteOfDayIn(timeZone, at) + 1440) % 1440 || 1440;
  const next = new Date(at.getTime() + wait * 60_000);
  next.setUTCSeconds(0, 0);
  return next;
}

/** When the quiet hours around `at` end (what was held goes out then); `at` itself outside them. */
export function quietHoursEndAfter(
  settings: Pick<DeliverySettings, 'quietHours' | 'timeZone'>,
  at: Date,
): Date {
  if (!inQuietHours(settings, at)) return at;
  return nextTimeOfDay(settings.timeZone, settings.quietHours.end, at);
}

export const deliveryEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/notifications/delivery',
    summary: 'How notifications reach the caller while away: digest mail and quiet hours',
    response: deliverySettingsSchema,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/notifications/delivery',
    summary: 'Replace the caller’s digest and quiet-hour settings',
    body: deliverySettingsSchema,
    response: deliverySettingsSchema,
  }),
  /**
   * The digest mail's one-click unsubscribe (RFC 8058): mail clients POST to it with the form
   * body `List-Unsubscribe=One-Click`; the link in the mail opens a page of the web app that
   * POSTs to it. The token of the link is the credential.
   */
  unsubscribeDigest: endpoint({
    method: 'POST',
    path: '/notifications/digest/unsubscribe',
    auth: 'public',
    summary: 'Stop the digest mails of the account the link was mailed to (RFC 8058 one-click)',
    query: z.object({ token: z.string().min(1).max(2048) }),
    status: 204,
    errors: { 400: [ErrorCode.UNSUBSCRIBE_LINK_INVALID] },
  }),
};
