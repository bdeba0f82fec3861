import dayjs from 'dayjs';
import type { Schedule } from '@teamup/contracts/schedules';
import { testUser } from '../../../test/stub-api';

/** The signed-in user of the calendar tests, another member, and the team leader. */
export const ME = testUser.id;
export const OTHER = 5;
export const LEADER = 9;

/**
 * A schedule from `start` to `end`, both local date-times like '2026-03-10T09:00' (read in the
 * time zone the tests run in, as the calendar reads the server's instants).
 */
export function schedule(
  id: number,
  start: string,
  end: string,
  overrides: Partial<Schedule> = {},
): Schedule {
  return {
    id,
    title: `일정 ${id}`,
    startDate: dayjs(start).toISOString(),
    endDate: dayjs(end).toISOString(),
    scheduleDesc: null,
    type: 'MEETING',
    reminders: [],
    teamId: 7,
    teamName: '디자인팀',
    creatorId: OTHER,
    creatorName: '이서준',
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    recurrenceRule: null,
    seriesId: null,
    occurrenceStart: null,
    ...overrides,
  };
}

/** What jsdom lacks for the schedule form: FontFaceSet, which autosizing text areas listen to. */
export function installFontShim() {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
