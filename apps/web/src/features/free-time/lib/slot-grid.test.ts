import { describe, expect, it } from 'vitest';
import {
  heatLevel,
  moveFocus,
  paint,
  rangeInDay,
  rangeInstants,
  rangeTimes,
  rectangle,
} from './slot-grid';

describe('slot grid', () => {
  it('paints the rectangle between two corners, either way round', () => {
    expect(rectangle(0, 33)).toEqual([0, 1, 32, 33]);
    expect(rectangle(33, 0)).toEqual([0, 1, 32, 33]);
    expect(rectangle(5, 5)).toEqual([5]);
    expect([...paint(new Set([0, 1, 2]), [1, 2, 3], false)]).toEqual([0]);
    expect([...paint(new Set([0]), [1], true)].sort((a, b) => a - b)).toEqual([0, 1]);
  });

  it('keeps arrow moves inside the week', () => {
    expect(moveFocus(0, 'ArrowUp')).toBe(0);
    expect(moveFocus(0, 'ArrowLeft')).toBe(0);
    expect(moveFocus(31, 'ArrowDown')).toBe(31);
    expect(moveFocus(223, 'ArrowRight')).toBe(223);
    expect(moveFocus(40, 'End')).toBe(63);
    expect(moveFocus(40, 'a')).toBeUndefined();
  });

  it('chooses a range within one day and names its times', () => {
    expect(rangeInDay(36, 70)).toEqual({ first: 36, last: 38 });
    expect(rangeTimes({ first: 36, last: 37 })).toBe('10:00–11:00');
    expect(rangeTimes({ first: 62, last: 63 })).toBe('23:00–24:00');
    expect(rangeInstants('2026-11-30', { first: 36, last: 37 })).toEqual({
      startDate: '2026-12-01T01:00:00.000Z',
      endDate: '2026-12-01T02:00:00.000Z',
    });
  });

  it('colours by the share of members free', () => {
    expect([0, 1, 2, 3].map((count) => heatLevel(count, 3))).toEqual([0, 2, 3, 5]);
    expect(heatLevel(0, 0)).toBe(0);
    expect(heatLevel(1, 6)).toBe(1);
  });
});
