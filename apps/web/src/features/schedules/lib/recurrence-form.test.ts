import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { schedule } from '../test/fixtures';
import { noRecurrence, recurrenceRuleOf, recurrenceValues } from './recurrence-form';
import { newScheduleValues, scheduleBody, validateSchedule } from './schedule-form';

const base = noRecurrence('2026-03-10');

describe('recurrence form', () => {
  it('makes the RRULE of each choice', () => {
    expect(recurrenceRuleOf(base)).toBeNull();
    expect(recurrenceRuleOf({ ...base, kind: 'DAILY' })).toBe('FREQ=DAILY');
    expect(recurrenceRuleOf({ ...base, kind: 'WEEKLY', weekdays: ['TH', 'TU'] })).toBe(
      'FREQ=WEEKLY;BYDAY=TU,TH',
    );
    expect(
      recurrenceRuleOf({ ...base, kind: 'EVERY_N_WEEKS', weeks: 2, end: 'COUNT', count: 8 }),
    ).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=8');
    // Until a day: its last local second, so that day's occurrence still happens.
    const until = dayjs('2026-06-30').endOf('day').startOf('second').toISOString();
    expect(recurrenceRuleOf({ ...base, kind: 'MONTHLY', end: 'UNTIL', until: '2026-06-30' })).toBe(
      `FREQ=MONTHLY;UNTIL=${until.replace(/[-:]/g, '').replace('.000', '')}`,
    );
  });

  it('shows a saved rule again', () => {
    const saved = schedule(1, '2026-03-10T09:00', '2026-03-10T10:00', {
      recurrenceRule: 'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR;COUNT=12',
    });
    expect(recurrenceValues(saved)).toMatchObject({
      kind: 'EVERY_N_WEEKS',
      weeks: 3,
      weekdays: ['MO', 'FR'],
      end: 'COUNT',
      count: 12,
    });
  });

  it('refuses with the contract texts: a count out of range, an end before the start', () => {
    const values = { ...newScheduleValues('2026-03-10'), title: '회의' };
    expect(
      validateSchedule({
        ...values,
        recurrence: { ...base, kind: 'DAILY', end: 'COUNT', count: 0 },
      }),
    ).toBe('반복 횟수는 1회부터 730회까지 정할 수 있습니다.');
    expect(
      validateSchedule({
        ...values,
        recurrence: { ...base, kind: 'DAILY', end: 'UNTIL', until: '2026-03-01' },
      }),
    ).toBe('반복 종료일은 시작일보다 빠를 수 없습니다.');
  });

  it('sends an all-day event over several days with its last day', () => {
    const trip = {
      ...newScheduleValues('2026-03-10'),
      title: 'MT',
      allDay: true,
      end: '2026-03-12 10:00:00',
    };
    expect(scheduleBody(trip)).toMatchObject({
      allDay: true,
      startDate: dayjs('2026-03-10T00:00').toISOString(),
      endDate: dayjs('2026-03-12T00:00').toISOString(),
    });
    // An end on the first day is one day: the end is left to the server.
    expect(scheduleBody({ ...trip, end: '2026-03-10 10:00:00' })).not.toHaveProperty('endDate');
  });
});
