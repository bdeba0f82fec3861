import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { addDays, gridRange, monthGrid, monthOf, shiftMonth, weeksOf } from './month-grid';

const keys = (month: { year: number; month: number }) => monthGrid(month).map((day) => day.key);

describe('monthGrid', () => {
  it('has 42 days, Sunday first, with the whole month and nothing more on a month starting on Sunday', () => {
    // 1 March 2026 is a Sunday: the grid starts on it and runs 11 days into April.
    const days = monthGrid({ year: 2026, month: 2 });
    expect(days).toHaveLength(42);
    expect(days[0]).toEqual({ key: '2026-03-01', date: 1, weekday: 0, inMonth: true });
    expect(days.at(-1)).toEqual({ key: '2026-04-11', date: 11, weekday: 6, inMonth: false });
    expect(days.filter((day) => day.inMonth)).toHaveLength(31);
    expect(days.map((day) => day.weekday).slice(0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 0]);
  });

  it('opens with six days of the previous month when the 1st is a Saturday', () => {
    // 1 August 2026 is a Saturday.
    const days = monthGrid({ year: 2026, month: 7 });
    expect(days.slice(0, 7).map((day) => day.key)).toEqual([
      '2026-07-26',
      '2026-07-27',
      '2026-07-28',
      '2026-07-29',
      '2026-07-30',
      '2026-07-31',
      '2026-08-01',
    ]);
    expect(days.slice(0, 6).every((day) => !day.inMonth)).toBe(true);
    expect(days[6]?.inMonth).toBe(true);
    expect(days.at(-1)?.key).toBe('2026-09-05');
  });

  it('counts 29 days in February of a leap year', () => {
    // 1 February 2028 is a Tuesday.
    const days = monthGrid({ year: 2028, month: 1 });
    expect(days[0]?.key).toBe('2028-01-30');
    expect(days.filter((day) => day.inMonth).map((day) => day.date)).toHaveLength(29);
    expect(keys({ year: 2028, month: 1 })).toContain('2028-02-29');
    expect(days.find((day) => day.key === '2028-03-01')?.inMonth).toBe(false);
    // 2027 is not a leap year.
    expect(monthGrid({ year: 2027, month: 1 }).filter((day) => day.inMonth)).toHaveLength(28);
  });

  it('crosses the year from December into January', () => {
    const days = monthGrid({ year: 2026, month: 11 });
    expect(days[0]?.key).toBe('2026-11-29');
    expect(days.findIndex((day) => day.key === '2026-12-31')).toBe(32);
    expect(days.at(-1)?.key).toBe('2027-01-09');
    expect(days.filter((day) => day.inMonth)).toHaveLength(31);
    expect(keys({ year: 2026, month: 11 })).toEqual(
      Array.from({ length: 42 }, (_, index) => addDays('2026-11-29', index)),
    );
  });

  it('cuts the grid into six weeks', () => {
    const weeks = weeksOf(monthGrid({ year: 2026, month: 11 }));
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7 && week[0]?.weekday === 0)).toBe(true);
  });
});

describe('month navigation', () => {
  it('steps across years both ways', () => {
    expect(shiftMonth({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(shiftMonth({ year: 2027, month: 0 }, -1)).toEqual({ year: 2026, month: 11 });
    expect(shiftMonth({ year: 2026, month: 5 }, -18)).toEqual({ year: 2024, month: 11 });
  });

  it('finds the month of a day', () => {
    expect(monthOf('2028-02-29')).toEqual({ year: 2028, month: 1 });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('gridRange', () => {
  it('asks from local midnight of the first cell to the end of the 42nd day', () => {
    const { startDate, endDate } = gridRange({ year: 2026, month: 11 });
    expect(startDate).toBe(dayjs('2026-11-29T00:00:00').toISOString());
    expect(endDate).toBe(dayjs('2027-01-09T23:59:59.999').toISOString());
  });
});
