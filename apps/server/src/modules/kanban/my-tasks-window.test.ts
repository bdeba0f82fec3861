import { describe, expect, it } from 'vitest';
import { dueWindow, startOfDayIn } from './my-tasks-window';

describe('the my-tasks due window', () => {
  it('counts days and the week (Monday to Sunday) in the zone, not in UTC', () => {
    // Monday 30 November 2026, 23:59:30 in Seoul; still Monday 14:59 in UTC.
    const window = dueWindow('Asia/Seoul', new Date('2026-11-30T14:59:30.000Z'));
    expect(window.today).toBe('2026-11-30');
    expect(window.sunday).toBe('2026-12-06');
    expect(window.tomorrowStart.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(window.nextMondayStart.toISOString()).toBe('2026-12-06T15:00:00.000Z');
    expect(window.offsetMinutes).toBe(540);
    const after = dueWindow('Asia/Seoul', new Date('2026-11-30T15:00:01.000Z'));
    expect(after.today).toBe('2026-12-01');
  });

  it('ends a Sunday’s week that day, and finds midnight across a daylight-saving change', () => {
    expect(dueWindow('Asia/Seoul', new Date('2026-12-06T03:00:00.000Z')).sunday).toBe('2026-12-06');
    // New York moves its clocks back on 1 November 2026: that day's midnight is still EDT.
    expect(startOfDayIn('America/New_York', '2026-11-01').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(startOfDayIn('America/New_York', '2026-11-02').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
  });
});
