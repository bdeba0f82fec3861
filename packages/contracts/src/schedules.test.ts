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
