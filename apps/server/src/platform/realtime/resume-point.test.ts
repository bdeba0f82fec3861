import { describe, expect, it } from 'vitest';
import {
  formatResumePoint,
  MAX_HEARD_ABOVE_HORIZON,
  parseResumePoint,
  StreamResumePoint,
} from './resume-point';

const SETTLE = 15_000;

function pointAt(start = { horizon: 100, heard: [] as number[] }) {
  let now = 1_000;
  const point = new StreamResumePoint(start, SETTLE, () => now);
  return { point, pass: (ms: number) => (now += ms) };
}

describe('resume point text', () => {
  it('round-trips a horizon and the ids heard above it', () => {
    const text = formatResumePoint({ horizon: 1200, heard: [1203, 1213, 5000] });
    expect(text).toBe(`1200.3.a.${(5000 - 1213).toString(36)}`);
    expect(parseResumePoint(text)).toEqual({ horizon: 1200, heard: [1203, 1213, 5000] });
  });

  it('reads a bare number (what streams wrote before) as a horizon with nothing above it', () => {
    expect(parseResumePoint('42')).toEqual({ horizon: 42, heard: [] });
    expect(parseResumePoint('0')).toEqual({ horizon: 0, heard: [] });
  });

  it.each(['', 'abc', '-1', '1.', '1..2', '1.0', '1.A', '12345678901234567', '1.zzzzzzzzzzzz'])(
    'refuses %j',
    (text) => {
      expect(parseResumePoint(text)).toBeNull();
    },
  );

  it('refuses more ids than a stream ever names', () => {
    const many = `1${'.1'.repeat(MAX_HEARD_ABOVE_HORIZON + 1)}`;
    expect(parseResumePoint(many)).toBeNull();
    expect(parseResumePoint(`1${'.1'.repeat(MAX_HEARD_ABOVE_HORIZON)}`)?.heard).toHaveLength(
      MAX_HEARD_ABOVE_HORIZON,
    );
  });
});

describe('a stream resume point', () => {
  it('names the ids heard above the horizon until they settle, whatever their order', () => {
    const { point, pass } = pointAt();
    // B's own event 105 comes before A's 104 (drawn first, published later).
    point.hear(105);
    expect(point.toString()).toBe('100.5');
    pass(50);
    point.hear(104);
    expect(point.toString()).toBe('100.4.1');
    expect(point.has(104) && point.has(105) && !point.has(103)).toBe(true);
    // 105 heard 15 s ago: everything drawn before it has had the time to come.
    pass(SETTLE - 50);
    expect(point.toString()).toBe('105');
    expect(point.has(103)).toBe(true);
  });

  it('keeps an unheard id below a heard one replayable until the heard one settles', () => {
    const { point, pass } = pointAt();
    point.hear(110);
    pass(SETTLE - 1);
    point.hear(111);
    // 109 (say) could still be in flight: the horizon stays below it.
    expect(parseResumePoint(point.toString())).toEqual({ horizon: 100, heard: [110, 111] });
    pass(1);
    expect(parseResumePoint(point.toString())).toEqual({ horizon: 110, heard: [111] });
  });

  it('starts from a client point and counts its ids as heard now', () => {
    const { point, pass } = pointAt({ horizon: 100, heard: [102, 107] });
    expect(point.has(102) && point.has(107) && !point.has(103)).toBe(true);
    point.hear(103);
    expect(point.toString()).toBe('100.2.1.4');
    pass(SETTLE);
    expect(point.toString()).toBe('107');
  });

  it('writes the same text whether an id came in order (text extended) or not (rewritten)', () => {
    const { point, pass } = pointAt();
    point.hear(103);
    expect(point.toString()).toBe('100.3');
    point.hear(120);
    point.hear(110);
    point.hear(130);
    expect(point.toString()).toBe(formatResumePoint({ horizon: 100, heard: [103, 110, 120, 130] }));
    pass(SETTLE);
    point.hear(140);
    expect(point.toString()).toBe('130.a');
  });

  it('folds what settled at most once a second', () => {
    const { point, pass } = pointAt();
    point.hear(101);
    pass(500);
    point.hear(102);
    pass(SETTLE - 500);
    expect(point.toString()).toBe('101.1');
    // 102 has settled too, but the last fold was 600 ms ago.
    pass(600);
    expect(point.toString()).toBe('101.1');
    pass(400);
    expect(point.toString()).toBe('102');
  });

  it('ignores what is at or below its horizon, or already heard', () => {
    const { point } = pointAt();
    point.hear(90);
    point.hear(101);
    point.hear(101);
    expect(point.toString()).toBe('100.1');
  });

  it('moves its horizon up early rather than name more ids than a point may hold', () => {
    const { point } = pointAt({ horizon: 0, heard: [] });
    for (let id = 1; id <= MAX_HEARD_ABOVE_HORIZON + 5; id += 1) point.hear(id);
    const parsed = parseResumePoint(point.toString());
    const kept = Math.floor((MAX_HEARD_ABOVE_HORIZON * 3) / 4);
    expect(parsed?.heard.length).toBeLessThanOrEqual(MAX_HEARD_ABOVE_HORIZON);
    expect(parsed?.heard.length).toBeGreaterThanOrEqual(kept);
    expect(parsed?.horizon).toBe(MAX_HEARD_ABOVE_HORIZON + 1 - kept);
    expect(parsed?.heard[0]).toBe((parsed?.horizon ?? 0) + 1);
    expect(parsed?.heard.at(-1)).toBe(MAX_HEARD_ABOVE_HORIZON + 5);
  });
});
