import { describe, expect, it } from 'vitest';
import { checkIconFile } from './icon-file';

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
