import { describe, expect, it } from 'vitest';
import { checkIconFile, firstLetter, iconKind } from './workspace-icon';

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

describe('checkIconFile', () => {
  it('accepts JPG, PNG and GIF up to 5 MB', () => {
    expect(checkIconFile({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkIconFile({ type: 'image/gif', size: 10 })).toBeNull();
  });

  it('refuses other types and larger files with the spec texts', () => {
    expect(checkIconFile({ type: 'application/pdf', size: 10 })).toBe(
      '이미지 파일만 업로드 가능합니다.',
    );
    expect(checkIconFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      '파일 크기는 5MB 이하여야 합니다.',
    );
  });
});
