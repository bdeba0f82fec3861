import { describe, expect, it } from 'vitest';
import { BoardMessages } from '@teamup/contracts/board';
import { checkPostFiles } from './file-limits';

const MB = 1024 * 1024;
const sized = (...megabytes: number[]) => megabytes.map((value) => ({ size: value * MB }));

describe('checkPostFiles', () => {
  it('accepts up to 10 files of at most 20 MB each and 50 MB in all', () => {
    expect(checkPostFiles([])).toBeNull();
    expect(checkPostFiles(sized(20, 20, 10))).toBeNull();
    expect(checkPostFiles(sized(1, 1, 1, 1, 1, 1, 1, 1, 1, 1))).toBeNull();
  });

  it('refuses a file over 20 MB', () => {
    expect(checkPostFiles([{ size: 20 * MB + 1 }])).toBe(BoardMessages.fileTooLarge);
    expect(BoardMessages.fileTooLarge).toBe('파일 하나의 크기는 20MB 이하여야 합니다.');
  });

  it('refuses an eleventh file', () => {
    expect(checkPostFiles(sized(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))).toBe(BoardMessages.tooManyFiles);
  });

  it('refuses more than 50 MB in all', () => {
    expect(checkPostFiles([...sized(20, 20, 10), { size: 1 }])).toBe(BoardMessages.filesTooLarge);
  });
});
