import { describe, expect, it } from 'vitest';
import { dueText } from './due-text';

const formats = { short: 'M월 D일', long: 'YYYY년 M월 D일' };

describe('dueText', () => {
  it('writes a day without a time and a due time with it, the year only when another', () => {
    const now = new Date('2026-11-30T12:00:00');
    expect(dueText('2026-12-01', now, formats)).toBe('12월 1일');
    expect(dueText('2027-01-05', now, formats)).toBe('2027년 1월 5일');
    expect(dueText(new Date('2026-12-02T09:30:00').toISOString(), now, formats)).toBe(
      '12월 2일 09:30',
    );
  });
});
