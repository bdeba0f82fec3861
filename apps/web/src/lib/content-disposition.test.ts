import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it('prefers the RFC 5987 filename* and decodes Korean UTF-8', () => {
    const header =
      'attachment; filename="___ 2.pdf"; filename*=UTF-8\'\'%ED%9A%8C%EC%9D%98%EB%A1%9D%20%EC%B5%9C%EC%A2%85%202.pdf';
    expect(fileNameFromContentDisposition(header)).toBe('회의록 최종 2.pdf');
  });

  it('reads filename* whichever order the parameters come in, and a language tag', () => {
    expect(
      fileNameFromContentDisposition(
        'attachment; filename*=utf-8\'ko\'%EB%B3%B4%EA%B3%A0%EC%84%9C.txt; filename="report.txt"',
      ),
    ).toBe('보고서.txt');
  });

  it('falls back to the plain filename, quoted or not', () => {
    expect(fileNameFromContentDisposition('attachment; filename="plan v2.docx"')).toBe(
      'plan v2.docx',
    );
    expect(fileNameFromContentDisposition('attachment; filename=notes.txt')).toBe('notes.txt');
    expect(fileNameFromContentDisposition('attachment; filename="say \\"hi\\".txt"')).toBe(
      'say "hi".txt',
    );
  });

  it('uses the plain filename when filename* does not decode', () => {
    expect(
      fileNameFromContentDisposition(
        'attachment; filename*=UTF-8\'\'%E0%A4%A; filename="safe.txt"',
      ),
    ).toBe('safe.txt');
  });

  it('decodes ISO-8859-1 and drops any directory part', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=ISO-8859-1''caf%E9.txt")).toBe(
      'café.txt',
    );
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe(
      'passwd',
    );
  });

  it('answers null without a header or without a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition(undefined)).toBeNull();
    expect(fileNameFromContentDisposition('')).toBeNull();
    expect(fileNameFromContentDisposition('inline')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});
