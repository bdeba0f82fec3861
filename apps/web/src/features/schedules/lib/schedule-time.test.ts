import { describe, expect, it } from 'vitest';
import { schedule } from '../test/fixtures';
import { formatDay, formatScheduleOnDay, formatScheduleRange } from './schedule-time';

describe('schedule times', () => {
  it('writes a day in Korean', () => {
    expect(formatDay('2026-03-10')).toBe('2026년 3월 10일 화요일');
  });

  it('writes the date once for a schedule within one day', () => {
    expect(formatScheduleRange(schedule(1, '2026-03-10T09:00', '2026-03-10T14:30'))).toBe(
      '2026년 3월 10일 (화) 오전 9:00 ~ 오후 2:30',
    );
    expect(formatScheduleRange(schedule(1, '2026-03-10T09:00', '2026-03-12T18:00'))).toBe(
      '2026년 3월 10일 (화) 오전 9:00 ~ 2026년 3월 12일 (목) 오후 6:00',
    );
    expect(formatScheduleRange(schedule(1, '2026-03-10T23:59', '2026-03-10T23:59'))).toBe(
      '2026년 3월 10일 (화) 오후 11:59',
    );
  });

  it('writes an all-day event as its day and 종일', () => {
    const allDay = schedule(1, '2026-03-10T00:00', '2026-03-10T23:59:59.999');
    expect(formatScheduleRange(allDay)).toBe('2026년 3월 10일 (화) 종일');
    expect(formatScheduleOnDay(allDay, '2026-03-10')).toBe('종일');
    const trip = schedule(2, '2026-03-10T00:00', '2026-03-12T23:59:59.999');
    expect(formatScheduleRange(trip)).toBe('2026년 3월 10일 (화) ~ 2026년 3월 12일 (목) 종일');
    expect(formatScheduleOnDay(trip, '2026-03-11')).toBe(
      '2026년 3월 10일 (화) ~ 2026년 3월 12일 (목) 종일',
    );
  });

  it('gives only the times in the list of the day the schedule is on', () => {
    const meeting = schedule(1, '2026-03-10T09:00', '2026-03-10T10:00');
    expect(formatScheduleOnDay(meeting, '2026-03-10')).toBe('오전 9:00 ~ 오전 10:00');
    const trip = schedule(2, '2026-03-09T09:00', '2026-03-11T10:00');
    expect(formatScheduleOnDay(trip, '2026-03-10')).toBe(
      '2026년 3월 9일 (월) 오전 9:00 ~ 2026년 3월 11일 (수) 오전 10:00',
    );
  });
});
