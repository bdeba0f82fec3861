import { describe, expect, it } from 'vitest';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { deadlineDate, deadlineDay, deadlineKind, todayIso } from './deadline';

const today = '2026-03-10';

describe('deadlineKind', () => {
  it('is overdue before today, today on the day, else a date', () => {
    expect(deadlineKind('2026-03-09', today, false)).toBe('overdue');
    expect(deadlineKind('2025-12-31', today, false)).toBe('overdue');
    expect(deadlineKind('2026-03-10', today, false)).toBe('today');
    expect(deadlineKind('2026-03-11', today, false)).toBe('date');
  });

  it('never warns about an approved card, and shows nothing without a deadline', () => {
    expect(deadlineKind('2026-03-09', today, true)).toBe('date');
    expect(deadlineKind('2026-03-10', today, true)).toBe('date');
    expect(deadlineKind(null, today, false)).toBeNull();
  });
});

describe('deadlines with a due time', () => {
  it('falls on its local day and shows its time', () => {
    const dueAtNine = new Date(2026, 2, 10, 9, 0).toISOString();
    expect(deadlineDay(dueAtNine)).toBe('2026-03-10');
    expect(deadlineKind(dueAtNine, today, false)).toBe('today');
    expect(deadlineKind(new Date(2026, 2, 9, 23, 0).toISOString(), today, false)).toBe('overdue');
    expect(deadlineDate(dueAtNine, today, kanbanKo.dates)).toBe('3월 10일 09:00');
  });
});

describe('deadline dates', () => {
  it('leaves out the year of this year', () => {
    expect(deadlineDate('2026-03-11', today, kanbanKo.dates)).toBe('3월 11일');
    expect(deadlineDate('2027-01-02', today, kanbanKo.dates)).toBe('2027년 1월 2일');
  });

  it('takes today in the local time zone', () => {
    expect(todayIso(new Date(2026, 2, 10, 23, 59))).toBe('2026-03-10');
    expect(todayIso(new Date(2026, 2, 11, 0, 1))).toBe('2026-03-11');
  });
});
