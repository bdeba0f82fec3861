import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('writes every size one way: KB under a megabyte, then MB and GB, one decimal, a space', () => {
    expect(formatFileSize(0)).toBe('0 KB');
    expect(formatFileSize(12)).toBe('0.1 KB');
    expect(formatFileSize(31_949)).toBe('31.2 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1000 * 1024)).toBe('1,000 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatFileSize(12.5 * 1024 * 1024)).toBe('12.5 MB');
    expect(formatFileSize(1.25 * 1024 * 1024 * 1024)).toBe('1.3 GB');
  });
});
