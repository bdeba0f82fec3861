import { describe, expect, it } from 'vitest';
import { schedule } from '../test/fixtures';
import { addDays } from './month-grid';
import { daySpanOf, hiddenCount, layoutWeek, schedulesOnDay } from './week-layout';

// The week row of Sunday 8 March 2026 to Saturday 14 March.
const week = Array.from({ length: 7 }, (_, index) => addDays('2026-03-08', index));

const placed = (segments: ReturnType<typeof layoutWeek>) =>
  Object.fromEntries(
    segments.map((segment) => [
      segment.schedule.id,
      [segment.startCol, segment.endCol, segment.lane] as const,
    ]),
  );

describe('daySpanOf', () => {
  it('covers every local day an event touches, but not a day it ends on at midnight', () => {
    expect(daySpanOf(schedule(1, '2026-03-10T09:00', '2026-03-10T10:00'))).toEqual({
      firstDay: '2026-03-10',
      lastDay: '2026-03-10',
    });
    expect(daySpanOf(schedule(1, '2026-03-10T22:00', '2026-03-12T01:00'))).toEqual({
      firstDay: '2026-03-10',
      lastDay: '2026-03-12',
    });
    expect(daySpanOf(schedule(1, '2026-03-10T09:00', '2026-03-11T00:00')).lastDay).toBe(
      '2026-03-10',
    );
    expect(daySpanOf(schedule(1, '2026-03-10T00:00', '2026-03-10T00:00')).lastDay).toBe(
      '2026-03-10',
    );
  });
});

describe('layoutWeek', () => {
  it('draws a multi-day event as one bar over its days', () => {
    const segments = layoutWeek([schedule(1, '2026-03-10T09:00', '2026-03-12T18:00')], week);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({
      startCol: 2,
      endCol: 4,
      lane: 0,
      continuesBefore: false,
      continuesAfter: false,
    });
  });

  it('cuts an event crossing week rows at Saturday and restarts it on Sunday', () => {
    const trip = schedule(1, '2026-03-13T09:00', '2026-03-17T18:00');
    const thisWeek = layoutWeek([trip], week);
    const nextWeek = layoutWeek(
      [trip],
      week.map((day) => addDays(day, 7)),
    );
    expect(thisWeek[0]).toMatchObject({ startCol: 5, endCol: 6, continuesAfter: true });
    expect(thisWeek[0]?.continuesBefore).toBe(false);
    expect(nextWeek[0]).toMatchObject({ startCol: 0, endCol: 2, continuesBefore: true });
    expect(nextWeek[0]?.continuesAfter).toBe(false);
    // An event longer than the week covers the whole row and goes on both ways.
    const long = schedule(2, '2026-03-01T09:00', '2026-03-20T09:00');
    expect(layoutWeek([long], week)[0]).toMatchObject({
      startCol: 0,
      endCol: 6,
      continuesBefore: true,
      continuesAfter: true,
    });
    // Events of other weeks are not drawn.
    expect(layoutWeek([schedule(3, '2026-03-02T09:00', '2026-03-07T09:00')], week)).toEqual([]);
  });

  it('puts overlapping events in different lanes and reuses a lane once it is free', () => {
    const segments = layoutWeek(
      [
        schedule(1, '2026-03-09T09:00', '2026-03-11T09:00'), // Mon-Wed
        schedule(2, '2026-03-10T09:00', '2026-03-10T10:00'), // Tue
        schedule(3, '2026-03-12T09:00', '2026-03-13T09:00'), // Thu-Fri
        schedule(4, '2026-03-11T13:00', '2026-03-12T10:00'), // Wed-Thu
        schedule(5, '2026-03-08T09:00', '2026-03-14T09:00'), // the whole week
      ],
      week,
    );
    expect(placed(segments)).toEqual({
      5: [0, 6, 0],
      1: [1, 3, 1],
      2: [2, 2, 2],
      4: [3, 4, 2],
      3: [4, 5, 1],
    });
    // No two bars of one lane share a column.
    for (const a of segments) {
      for (const b of segments) {
        if (a === b || a.lane !== b.lane) continue;
        expect(a.endCol < b.startCol || b.endCol < a.startCol).toBe(true);
      }
    }
  });

  it('places the longer of two events starting the same day first', () => {
    const segments = layoutWeek(
      [
        schedule(1, '2026-03-10T08:00', '2026-03-10T09:00'),
        schedule(2, '2026-03-10T10:00', '2026-03-12T09:00'),
      ],
      week,
    );
    expect(placed(segments)).toEqual({ 2: [2, 4, 0], 1: [2, 2, 1] });
  });
});

describe("the '+N' count", () => {
  it('hides what does not fit in 3 lanes and counts it per day', () => {
    const five = [9, 10, 11, 12, 13].map((hour, index) =>
      schedule(index + 1, `2026-03-10T${hour}:00`, `2026-03-10T${hour}:30`),
    );
    const segments = layoutWeek(five, week);
    expect(hiddenCount(segments, 2)).toBe(2);
    expect(hiddenCount(segments, 3)).toBe(0);
    expect(segments.filter((segment) => segment.lane < 3).map((s) => s.schedule.id)).toEqual([
      1, 2, 3,
    ]);
    // Exactly three fit without a '+N'.
    expect(hiddenCount(layoutWeek(five.slice(0, 3), week), 2)).toBe(0);
  });

  it('counts a hidden multi-day event on every day it covers', () => {
    const segments = layoutWeek(
      [
        schedule(1, '2026-03-09T09:00', '2026-03-11T09:00'),
        schedule(2, '2026-03-09T09:00', '2026-03-11T09:00'),
        schedule(3, '2026-03-09T09:00', '2026-03-11T09:00'),
        schedule(4, '2026-03-10T09:00', '2026-03-12T09:00'),
      ],
      week,
    );
    expect([0, 1, 2, 3, 4, 5].map((col) => hiddenCount(segments, col))).toEqual([0, 0, 1, 1, 1, 0]);
  });

  it('lists every event of a day in start order for the day modal', () => {
    const events = [
      schedule(1, '2026-03-10T13:00', '2026-03-10T14:00'),
      schedule(2, '2026-03-09T09:00', '2026-03-11T09:00'),
      schedule(3, '2026-03-10T09:00', '2026-03-10T10:00'),
      schedule(4, '2026-03-11T09:00', '2026-03-11T10:00'),
    ];
    expect(schedulesOnDay(events, '2026-03-10').map((event) => event.id)).toEqual([2, 3, 1]);
  });
});
