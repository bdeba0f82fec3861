import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { schedule } from '../test/fixtures';
import { noRecurrence } from './recurrence-form';
import {
  endAfterStartMoved,
  newScheduleValues,
  scheduleBody,
  scheduleValues,
  validateSchedule,
} from './schedule-form';

const filled = { ...newScheduleValues('2026-03-10'), title: '주간 회의' };

describe('schedule form', () => {
  it('starts a new schedule on the day as a meeting from 09:00 to 10:00', () => {
    expect(newScheduleValues('2026-03-10')).toEqual({
      title: '',
      type: 'MEETING',
      start: '2026-03-10 09:00:00',
      end: '2026-03-10 10:00:00',
      allDay: false,
      description: '',
      recurrence: noRecurrence('2026-03-10'),
      reminders: [],
    });
  });

  it('sends local times as instants and an empty description as null', () => {
    expect(scheduleBody({ ...filled, title: '  주간 회의 ', description: '  ' })).toEqual({
      title: '주간 회의',
      type: 'MEETING',
      startDate: dayjs('2026-03-10T09:00').toISOString(),
      endDate: dayjs('2026-03-10T10:00').toISOString(),
      scheduleDesc: null,
      reminders: [],
    });
    expect(scheduleBody({ ...filled, description: '안건\n- 일정' }).scheduleDesc).toBe(
      '안건\n- 일정',
    );
  });

  it('shows a saved schedule in local time', () => {
    const saved = schedule(1, '2026-03-10T22:30', '2026-03-11T01:00', {
      type: 'DEADLINE',
      scheduleDesc: '메모',
    });
    expect(scheduleValues(saved)).toEqual({
      title: '일정 1',
      type: 'DEADLINE',
      start: '2026-03-10 22:30:00',
      end: '2026-03-11 01:00:00',
      allDay: false,
      description: '메모',
      recurrence: noRecurrence('2026-03-10'),
      reminders: [],
    });
  });

  it('sends the chosen reminders and shows a saved schedule’s', () => {
    expect(scheduleBody({ ...filled, reminders: [10, 1440] }).reminders).toEqual([10, 1440]);
    const saved = schedule(2, '2026-03-10T09:00', '2026-03-10T10:00', { reminders: [0, 60] });
    expect(scheduleValues(saved).reminders).toEqual([0, 60]);
  });

  it("refuses what the spec refuses, with the spec's texts", () => {
    const required = '일정 제목, 시작일, 종료일은 필수입니다.';
    expect(validateSchedule(filled)).toBeNull();
    expect(validateSchedule({ ...filled, title: '   ' })).toBe(required);
    expect(validateSchedule({ ...filled, start: '' })).toBe(required);
    expect(validateSchedule({ ...filled, end: '' })).toBe(required);
    expect(validateSchedule({ ...filled, end: '2026-03-10 08:59:00' })).toBe(
      '종료일은 시작일보다 빠를 수 없습니다.',
    );
    // The same instant is allowed (a deadline at one moment).
    expect(validateSchedule({ ...filled, end: filled.start })).toBeNull();
  });

  it('leaves the end out of a deadline and an all-day event, which need none', () => {
    const deadline = {
      ...filled,
      type: 'DEADLINE' as const,
      start: '2026-03-10 18:00:00',
      end: '',
    };
    expect(validateSchedule(deadline)).toBeNull();
    expect(scheduleBody(deadline)).toEqual({
      title: '주간 회의',
      type: 'DEADLINE',
      startDate: dayjs('2026-03-10T18:00').toISOString(),
      scheduleDesc: null,
      reminders: [],
    });
    const allDay = { ...filled, type: 'VACATION' as const, allDay: true, end: '' };
    expect(validateSchedule(allDay)).toBeNull();
    expect(scheduleBody(allDay)).toMatchObject({
      startDate: dayjs('2026-03-10T00:00').toISOString(),
      allDay: true,
    });
    expect(scheduleBody(allDay)).not.toHaveProperty('endDate');
    // Read back, a day from midnight to its last millisecond is all-day again.
    const saved = schedule(2, '2026-03-10T00:00', '2026-03-10T23:59:59.999');
    expect(scheduleValues(saved).allDay).toBe(true);
  });

  it('moves the end with the start so the length stays', () => {
    expect(endAfterStartMoved(filled, '2026-03-12 14:30:00')).toBe('2026-03-12 15:30:00');
    expect(endAfterStartMoved({ ...filled, end: '' }, '2026-03-12 14:30:00')).toBe('');
    expect(endAfterStartMoved(filled, '')).toBe(filled.end);
  });
});
