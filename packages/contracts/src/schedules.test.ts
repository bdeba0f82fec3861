import { describe, expect, it } from 'vitest';
import { isAllDaySchedule, scheduleInputSchema } from './schedules';

const base = { title: '일정', startDate: '2026-12-01T09:00:00Z' };
const firstMessage = (input: object) =>
  scheduleInputSchema.safeParse(input).error?.issues[0]?.message ?? null;

describe('schedule input', () => {
  it('lets a deadline and an all-day event leave out their end', () => {
    expect(firstMessage({ ...base, type: 'DEADLINE' })).toBeNull();
    expect(firstMessage({ ...base, type: 'VACATION', allDay: true })).toBeNull();
  });

  it("asks every other kind for its end, with the spec's text", () => {
    for (const type of ['MEETING', 'WORKSHOP', 'VACATION', 'OTHER']) {
      expect(firstMessage({ ...base, type })).toBe('일정 제목, 시작일, 종료일은 필수입니다.');
    }
    // The type defaults to MEETING, which needs an end too.
    expect(firstMessage(base)).toBe('일정 제목, 시작일, 종료일은 필수입니다.');
    expect(firstMessage({ ...base, type: 'MEETING', allDay: false })).toBe(
      '일정 제목, 시작일, 종료일은 필수입니다.',
    );
  });

  it('still refuses an end before the start, even where the end could be left out', () => {
    expect(firstMessage({ ...base, type: 'DEADLINE', endDate: '2026-12-01T08:00:00Z' })).toBe(
      '종료일은 시작일보다 빠를 수 없습니다.',
    );
  });

  it('knows an all-day schedule by its length: its day to the last millisecond', () => {
    const startDate = '2026-12-04T15:00:00.000Z';
    expect(isAllDaySchedule({ startDate, endDate: '2026-12-05T14:59:59.999Z' })).toBe(true);
    expect(isAllDaySchedule({ startDate, endDate: '2026-12-05T15:00:00.000Z' })).toBe(false);
  });
});

describe('schedule reminders', () => {
  const meeting = { ...base, endDate: '2026-12-01T10:00:00Z' };

  it('takes several of the offered offsets and keeps them ascending', () => {
    const parsed = scheduleInputSchema.parse({ ...meeting, reminders: [60, 0, 1440] });
    expect(parsed.reminders).toEqual([0, 60, 1440]);
    expect(scheduleInputSchema.parse(meeting).reminders).toBeUndefined();
  });

  it('refuses an offset not offered, a repeat, and more than six, in Korean', () => {
    expect(firstMessage({ ...meeting, reminders: [15] })).toBe(
      '알림 시점은 시작 시각, 5분, 10분, 30분, 1시간, 1일 전 중에서 골라주세요.',
    );
    expect(firstMessage({ ...meeting, reminders: [5, 5] })).toBe(
      '같은 알림 시점을 두 번 고를 수 없습니다.',
    );
    expect(firstMessage({ ...meeting, reminders: [0, 5, 10, 30, 60, 1440, 5] })).toBe(
      '알림은 최대 6개까지 설정할 수 있습니다.',
    );
    expect(firstMessage({ ...meeting, reminders: ['5'] })).toBe(
      '알림 시점은 시작 시각, 5분, 10분, 30분, 1시간, 1일 전 중에서 골라주세요.',
    );
  });
});
