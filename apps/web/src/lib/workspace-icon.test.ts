import { describe, expect, it } from 'vitest';
import { firstLetter, iconKind } from './workspace-icon';

describe('iconKind', () => {
  it('shows our uploaded icons as images', () => {
    expect(iconKind('/api/files/public/icons/abc.png', 'Team')).toEqual({
      kind: 'image',
      src: '/api/files/public/icons/abc.png',
    });
  });

  it('shows typed emoji and letters as text', () => {
    expect(iconKind('🚀', 'Team')).toEqual({ kind: 'text', text: '🚀' });
    expect(iconKind('TU', 'Team')).toEqual({ kind: 'text', text: 'TU' });
  });

  it('falls back to the first letter for nothing, foreign URLs and long text', () => {
    expect(iconKind(null, 'team')).toEqual({ kind: 'letter', text: 'T' });
    expect(iconKind('', '졸업 프로젝트')).toEqual({ kind: 'letter', text: '졸' });
    expect(iconKind('https://evil.example/x.png', 'abc')).toEqual({ kind: 'letter', text: 'A' });
    expect(iconKind('/api/files/public/icons/../secret', 'abc').kind).toBe('letter');
    expect(iconKind('far too long text', 'abc').kind).toBe('letter');
  });
});

describe('firstLetter', () => {
  it('takes a whole emoji and answers ? for a blank name', () => {
    expect(firstLetter('😀 fun')).toBe('😀');
    expect(firstLetter('   ')).toBe('?');
  });
});
