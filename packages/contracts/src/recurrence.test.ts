import { describe, expect, it } from 'vitest';
import { formatRecurrenceRule, parseRecurrenceRule } from './recurrence';
import { isAllDaySchedule, occurrenceScopeQuerySchema, scheduleInputSchema } from './schedules';

const messageOf = (text: string) => {
  const parsed = parseRecurrenceRule(text);
  return parsed.ok ? null : parsed.message;
};

describe('recurrence rule', () => {
  it('reads the rules the form makes and writes them back in one order', () => {
    const weekly = parseRecurrenceRule('RRULE:FREQ=WEEKLY;BYDAY=TH,TU;INTERVAL=2;COUNT=10');
    expect(weekly).toEqual({
      ok: true,
      rule: { freq: 'WEEKLY', interval: 2, byDay: ['TU', 'TH'], count: 10 },
    });
    if (!weekly.ok) throw new Error('unreachable');
    expect(formatRecurrenceRule(weekly.rule)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10');
    const until = parseRecurrenceRule('FREQ=DAILY;UNTIL=20261231T145959Z');
    expect(until).toMatchObject({ ok: true, rule: { until: '2026-12-31T14:59:59.000Z' } });
    // A bare date means the end of that day (UTC, as RFC 5545's floating dates are read here).
    expect(parseRecurrenceRule('FREQ=MONTHLY;UNTIL=20270131')).toMatchObject({
      rule: { freq: 'MONTHLY', until: '2027-01-31T23:59:59.000Z' },
    });
  });

  it('refuses what is not a rule the app makes, in Korean', () => {
    for (const bad of [
      '',
      'FREQ=YEARLY',
      'FREQ=WEEKLY;BYDAY=XX',
      'FREQ=WEEKLY;BYDAY=1MO',
      'FREQ=DAILY;BYHOUR=9',
      'FREQ=DAILY;UNTIL=20260231',
      'FREQ=DAILY;COUNT=abc',
      'FREQ=DAILY;FREQ=WEEKLY',
      'hello',
    ]) {
      expect(messageOf(bad), bad).toBe('반복 규칙이 올바르지 않습니다.');
    }
    expect(messageOf('FREQ=DAILY;COUNT=0')).toBe('반복 횟수는 1회부터 730회까지 정할 수 있습니다.');
    expect(messageOf('FREQ=DAILY;COUNT=731')).toBe(
      '반복 횟수는 1회부터 730회까지 정할 수 있습니다.',
    );
    expect(messageOf('FREQ=WEEKLY;INTERVAL=100')).toBe(
      '반복 간격은 1부터 99까지 정할 수 있습니다.',
    );
    expect(messageOf('FREQ=DAILY;COUNT=3;UNTIL=20261231')).toBe(
      '반복 종료는 날짜와 횟수 중 하나만 정할 수 있습니다.',
    );
    expect(messageOf('FREQ=MONTHLY;BYDAY=MO')).toBe('요일은 매주 반복에서만 고를 수 있습니다.');
  });
});

describe('schedule input with a rule', () => {
  const base = {
    title: '주간 회의',
    startDate: '2026-12-01T10:00:00+09:00',
    endDate: '2026-12-01T11:00:00+09:00',
  };
  const firstMessage = (input: object) =>
    scheduleInputSchema.safeParse(input).error?.issues[0]?.message ?? null;

  it('takes a good rule and refuses a bad one, or one ending before the start', () => {
    expect(firstMessage({ ...base, recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU' })).toBeNull();
    expect(firstMessage({ ...base, recurrenceRule: null })).toBeNull();
    expect(firstMessage({ ...base, recurrenceRule: 'FREQ=HOURLY' })).toBe(
      '반복 규칙이 올바르지 않습니다.',
    );
    expect(firstMessage({ ...base, recurrenceRule: 'FREQ=DAILY;UNTIL=20261130T000000Z' })).toBe(
      '반복 종료일은 시작일보다 빠를 수 없습니다.',
    );
  });

  it('counts several whole days as all-day', () => {
    const startDate = '2026-12-04T15:00:00.000Z';
    expect(isAllDaySchedule({ startDate, endDate: '2026-12-07T14:59:59.999Z' })).toBe(true);
    expect(isAllDaySchedule({ startDate, endDate: '2026-12-07T15:00:00.000Z' })).toBe(false);
  });

  it('asks which occurrence for one or the following', () => {
    expect(occurrenceScopeQuerySchema.parse({})).toEqual({ scope: 'ALL' });
    expect(occurrenceScopeQuerySchema.safeParse({ scope: 'THIS' }).error?.issues[0]?.message).toBe(
      '반복 일정의 어느 날짜인지 함께 보내야 합니다.',
    );
    expect(
      occurrenceScopeQuerySchema.safeParse({ scope: 'SOME', occurrence: base.startDate }).success,
    ).toBe(false);
  });
});
