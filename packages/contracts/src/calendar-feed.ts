import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';

/*
 * A personal calendar feed (issue 44): an ICS (RFC 5545) document at a secret URL that Google
 * Calendar or Apple Calendar subscribe to, with the events of every team the person is in now and
 * the deadlines of the cards assigned to them. The secret is kept hashed: the URL is shown once,
 * when it is made; making another (재발급) ends the old one, revoking (해지) ends it.
 */

export const CalendarFeedMessages = {
  notFound: '캘린더 구독 주소를 찾을 수 없습니다.',
  /** The feed's name in the calendar app. */
  calendarName: (name: string) => `TeamUp · ${name}`,
  /** A card's deadline as an event. */
  taskSummary: (subject: string) => `마감: ${subject}`,
  taskDescription: (team: string, list: string) => `${team} 칸반 · ${list}`,
  scheduleSummary: (team: string, title: string) => `[${team}] ${title}`,
} as const;

/** The feed's secret: 32 random bytes in base64url. */
const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  /** When the current URL was made; null without one. */
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedIssuedSchema = z.object({
  /** The subscription URL (https or http, ends in .ics); shown this once. */
  url: z.string(),
  /** The same URL with the webcal scheme, which calendar apps open as a subscription. */
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedIssued = z.infer<typeof calendarFeedIssuedSchema>;

/** Any malformed or unknown secret is answered 404, as a revoked one is. */
export const calendarFeedParamsSchema = z.object({
  /** `<token>.ics` */
  file: z.string().max(100),
});

/** Whether `file` has the form of a feed's file name; answers the secret in it. */
export function feedTokenOf(file: string): string | null {
  if (!file.endsWith('.ics')) return null;
  const token = file.slice(0, -4);
  return feedTokenPattern.test(token) ? token : null;
}

export const scheduleIcsParamsSchema = z.object({ id: idSchema });

export const calendarFeedEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/users/me/calendar-feed',
    summary: 'Whether I have a calendar feed URL, and since when',
    response: calendarFeedStatusSchema,
  }),
  issue: endpoint({
    method: 'POST',
    path: '/users/me/calendar-feed',
    summary: 'Make my calendar feed URL (a new one ends the old one); answered this once',
    response: calendarFeedIssuedSchema,
    status: 201,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/users/me/calendar-feed',
    summary: 'End my calendar feed URL (it answers 404 from then on)',
    status: 204,
  }),
  feed: endpoint({
    method: 'GET',
    path: '/calendar/feed/:file',
    summary:
      'The calendar feed (text/calendar, RFC 5545) of the person whose secret the URL holds: their teams’ events and their cards’ deadlines',
    auth: 'public',
    params: calendarFeedParamsSchema,
  }),
  /** One team event as an .ics file (the event's "캘린더에 추가" download). */
  scheduleIcs: endpoint({
    method: 'GET',
    path: '/calendar/schedules/:id/ics',
    summary: 'One team event as an iCalendar file (text/calendar), for members of its team',
    params: scheduleIcsParamsSchema,
  }),
};
