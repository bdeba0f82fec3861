import { describe, expect, it } from 'vitest';
import {
  FreeTimeMessages,
  saveFreeTimeSchema,
  shiftWeek,
  slotStartsAt,
  slotsOverlapping,
  weekStartOf,
  weekStartSchema,
} from './free-time';

const WEEK = '2026-11-30';
const at = (iso: string) => Date.parse(iso);

describe('free-time grid', () => {
  it('numbers the slots from Monday 08:00 in Seoul, 32 a day', () => {
    expect(new Date(slotStartsAt(WEEK, 0)).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(new Date(slotStartsAt(WEEK, 31)).toISOString()).toBe('2026-11-30T14:30:00.000Z');
    expect(new Date(slotStartsAt(WEEK, 32)).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(new Date(slotStartsAt(WEEK, 223)).toISOString()).toBe('2026-12-06T14:30:00.000Z');
  });

  it('finds the week of an instant by the Seoul calendar', () => {
    // Sunday 23:59 UTC is Monday 08:59 in Seoul: the next week already.
    expect(weekStartOf(at('2026-11-29T23:59:00Z'))).toBe('2026-11-30');
    expect(weekStartOf(at('2026-11-29T14:59:00Z'))).toBe('2026-11-23');
    expect(weekStartOf(at('2026-12-06T14:59:59Z'))).toBe('2026-11-30');
    expect(shiftWeek(WEEK, 1)).toBe('2026-12-07');
    expect(shiftWeek('2027-01-04', -1)).toBe('2026-12-28');
  });

  it('gives the slots a time overlaps; a moment fills none', () => {
    expect(
      slotsOverlapping(WEEK, at('2026-12-01T10:00:00+09:00'), at('2026-12-01T11:00:00+09:00')),
    ).toEqual([36, 37]);
    expect(
      slotsOverlapping(WEEK, at('2026-12-01T10:10:00+09:00'), at('2026-12-01T10:31:00+09:00')),
    ).toEqual([36, 37]);
    expect(
      slotsOverlapping(WEEK, at('2026-12-01T10:00:00+09:00'), at('2026-12-01T10:00:00+09:00')),
    ).toEqual([]);
    // Before the week and at night: nothing on the grid.
    expect(
      slotsOverlapping(WEEK, at('2026-11-29T10:00:00+09:00'), at('2026-11-30T07:59:00+09:00')),
    ).toEqual([]);
  });

  it('accepts only a Monday as the week', () => {
    expect(weekStartSchema.safeParse('2026-11-30').success).toBe(true);
    for (const bad of ['2026-12-01', '2026-02-30', '2026-1-5', '', '1800-01-06']) {
      expect(weekStartSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(weekStartSchema.safeParse('2026-12-01').error?.issues[0]?.message).toBe(
      FreeTimeMessages.badWeek,
    );
  });

  it('refuses slots out of the grid, fractions and repeats', () => {
    expect(saveFreeTimeSchema.safeParse({ slots: [0, 223] }).success).toBe(true);
    expect(saveFreeTimeSchema.safeParse({ slots: [] }).success).toBe(true);
    const messageOf = (slots: unknown) =>
      saveFreeTimeSchema.safeParse({ slots }).error?.issues[0]?.message;
    expect(messageOf([224])).toBe(FreeTimeMessages.badSlot);
    expect(messageOf([0.5])).toBe(FreeTimeMessages.badSlot);
    expect(messageOf([3, 3])).toBe(FreeTimeMessages.duplicateSlot);
    expect(messageOf(null)).toBe(FreeTimeMessages.slotsRequired);
  });
});
