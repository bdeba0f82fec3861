import { describe, expect, it } from 'vitest';
import { foldLine, icsDate, icsText, propertyLine, seoulDateTime, utcDateTime } from './ics';

describe('the ICS writer', () => {
  it('escapes TEXT values as RFC 5545 3.3.11 says', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a Korean character', () => {
    const line = `SUMMARY:${'가'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('quotes parameter values with a colon, and writes times in UTC and Seoul', () => {
    expect(propertyLine({ name: 'X', params: { A: 'b:c', B: 'plain' }, value: '1' })).toBe(
      'X;A="b:c";B=plain:1',
    );
    const at = new Date('2026-11-30T15:00:00.000Z');
    expect(utcDateTime(at)).toBe('20261130T150000Z');
    expect(seoulDateTime(at)).toBe('20261201T000000');
    expect(icsDate('2026-12-31', 1)).toBe('20270101');
  });
});
