import { CalendarFeedMessages as M } from '@teamup/contracts/calendar-feed';
import { isAllDaySchedule } from '@teamup/contracts/schedules';
import type { DeadlineRow } from '../kanban/my-tasks.service';
import type { FeedSchedule } from './calendar-feed.repo';
import {
  calendarDocument,
  component,
  icsDate,
  icsText,
  SEOUL_TZID,
  seoulDateTime,
  seoulTimeZone,
  utcDateTime,
  type IcsProperty,
} from './ics';

/*
 * What the feed says of each item, as VEVENT properties. UIDs are stable (`schedule-<id>@<host>`,
 * `task-<id>@<host>`), so a calendar app updates an event in place when it changes.
 */

const seoulTime = (name: string, at: Date): IcsProperty => ({
  name,
  params: { TZID: SEOUL_TZID },
  value: seoulDateTime(at),
});

/** A team event as VEVENT properties; a series with its RRULE and EXDATEs. */
export function scheduleEventProperties(schedule: FeedSchedule, host: string): IcsProperty[] {
  // An all-day event (stored as lasting ALL_DAY_MS from its day's midnight) is a DATE event, on
  // its day in Seoul.
  const allDay = isAllDaySchedule({
    startDate: schedule.startsAt.toISOString(),
    endDate: schedule.endsAt.toISOString(),
  });
  const dayOf = (at: Date) => {
    const local = seoulDateTime(at);
    return `${local.slice(0, 4)}-${local.slice(4, 6)}-${local.slice(6, 8)}`;
  };
  // A series (decision 0046): its rule as stored, and the occurrences it no longer has, in the
  // same form as DTSTART (RFC 5545 3.8.5.1).
  const repeats: IcsProperty[] = schedule.recurrenceRule
    ? [{ name: 'RRULE', value: schedule.recurrenceRule.replace(/^RRULE:/i, '') }]
    : [];
  if (schedule.recurrenceRule && schedule.exdates.length > 0) {
    repeats.push(
      allDay
        ? {
            name: 'EXDATE',
            params: { VALUE: 'DATE' },
            value: schedule.exdates.map((at) => icsDate(dayOf(at))).join(','),
          }
        : {
            name: 'EXDATE',
            params: { TZID: SEOUL_TZID },
            value: schedule.exdates.map((at) => seoulDateTime(at)).join(','),
          },
    );
  }
  return [
    { name: 'UID', value: `schedule-${schedule.id}@${host}` },
    { name: 'DTSTAMP', value: utcDateTime(schedule.updatedAt) },
    { name: 'LAST-MODIFIED', value: utcDateTime(schedule.updatedAt) },
    ...(allDay
      ? [
          { name: 'DTSTART', params: { VALUE: 'DATE' }, value: icsDate(dayOf(schedule.startsAt)) },
          // The day after the last (several days for a multi-day event), as RFC 5545 3.6.1 says.
          { name: 'DTEND', params: { VALUE: 'DATE' }, value: icsDate(dayOf(schedule.endsAt), 1) },
        ]
      : [seoulTime('DTSTART', schedule.startsAt), seoulTime('DTEND', schedule.endsAt)]),
    ...repeats,
    { name: 'SUMMARY', value: icsText(M.scheduleSummary(schedule.teamName, schedule.title)) },
    ...(schedule.description
      ? [{ name: 'DESCRIPTION', value: icsText(schedule.description) }]
      : []),
    { name: 'CATEGORIES', value: icsText(schedule.type) },
  ];
}

/**
 * A card's deadline: a day is an all-day event (DTEND the next day, RFC 5545 3.6.1); a due time
 * is an event at that moment.
 */
export function taskEventProperties(task: DeadlineRow, host: string): IcsProperty[] {
  const when: IcsProperty[] =
    task.deadline.length === 10
      ? [
          { name: 'DTSTART', params: { VALUE: 'DATE' }, value: icsDate(task.deadline) },
          { name: 'DTEND', params: { VALUE: 'DATE' }, value: icsDate(task.deadline, 1) },
        ]
      : [
          seoulTime('DTSTART', new Date(task.deadline)),
          seoulTime('DTEND', new Date(task.deadline)),
        ];
  return [
    { name: 'UID', value: `task-${task.id}@${host}` },
    { name: 'DTSTAMP', value: utcDateTime(task.updatedAt) },
    { name: 'LAST-MODIFIED', value: utcDateTime(task.updatedAt) },
    ...when,
    { name: 'SUMMARY', value: icsText(M.taskSummary(task.subject)) },
    { name: 'DESCRIPTION', value: icsText(M.taskDescription(task.teamName, task.listName)) },
    { name: 'TRANSP', value: 'TRANSPARENT' },
  ];
}

/** One event as a calendar file of its own (the event's download). */
export function eventDocument(schedule: FeedSchedule, host: string): string {
  return calendarDocument(
    component(
      'VCALENDAR',
      [
        { name: 'VERSION', value: '2.0' },
        { name: 'PRODID', value: '-//TeamUp//Calendar feed//KO' },
        { name: 'CALSCALE', value: 'GREGORIAN' },
        { name: 'METHOD', value: 'PUBLISH' },
      ],
      [seoulTimeZone(), component('VEVENT', scheduleEventProperties(schedule, host))],
    ),
  );
}

/** The whole feed: the calendar's own properties, Asia/Seoul, then every event. */
export function feedDocument(input: {
  ownerName: string;
  host: string;
  schedules: FeedSchedule[];
  tasks: DeadlineRow[];
}): string {
  return calendarDocument(
    component(
      'VCALENDAR',
      [
        { name: 'VERSION', value: '2.0' },
        { name: 'PRODID', value: '-//TeamUp//Calendar feed//KO' },
        { name: 'CALSCALE', value: 'GREGORIAN' },
        { name: 'METHOD', value: 'PUBLISH' },
        { name: 'X-WR-CALNAME', value: icsText(M.calendarName(input.ownerName)) },
        { name: 'X-WR-TIMEZONE', value: SEOUL_TZID },
        { name: 'REFRESH-INTERVAL', params: { VALUE: 'DURATION' }, value: 'PT1H' },
        { name: 'X-PUBLISHED-TTL', value: 'PT1H' },
      ],
      [
        seoulTimeZone(),
        ...input.schedules.map((schedule) =>
          component('VEVENT', scheduleEventProperties(schedule, input.host)),
        ),
        ...input.tasks.map((task) => component('VEVENT', taskEventProperties(task, input.host))),
      ],
    ),
  );
}
