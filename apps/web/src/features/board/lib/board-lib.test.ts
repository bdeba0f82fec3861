import { describe, expect, it } from 'vitest';
import type { Attachment } from '@teamup/contracts/board';
import { showsPreview, visibleAttachments } from './attachments';
import { boardTextBody, validateBoardText } from './board-text';
import { bulletinBoardIdOf } from './bulletin-board';
import { parsePostParam } from './post-param';

const attachment = (overrides: Partial<Attachment>): Attachment => ({
  id: 1,
  postId: 1,
  originalFileName: 'a.png',
  fileName: 'a.png',
  size: 10,
  contentType: 'image/png',
  isImage: true,
  downloadUrl: '/api/files/1/download',
  previewUrl: '/api/files/1/preview',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('board helpers', () => {
  it('previews an image by extension only when the server found image bytes', () => {
    expect(showsPreview(attachment({}))).toBe(true);
    expect(showsPreview(attachment({ originalFileName: 'photo.JPEG' }))).toBe(true);
    // An .svg is an image by name but not a raster image: no preview URL.
    expect(
      showsPreview(attachment({ originalFileName: 'logo.svg', isImage: false, previewUrl: null })),
    ).toBe(false);
    // Image bytes under another name stay a plain file.
    expect(showsPreview(attachment({ originalFileName: 'data.bin' }))).toBe(false);
  });

  it('hides removed attachments', () => {
    const list = [attachment({ id: 1 }), attachment({ id: 2 })];
    expect(visibleAttachments(list, new Set([1])).map((item) => item.id)).toEqual([2]);
  });

  it("asks for both title and content with the spec's text", () => {
    expect(validateBoardText({ title: '  ', content: '본문' })).toBe(
      '제목과 내용을 모두 입력해주세요.',
    );
    expect(validateBoardText({ title: '제목', content: '\n ' })).toBe(
      '제목과 내용을 모두 입력해주세요.',
    );
    expect(validateBoardText({ title: 'x'.repeat(201), content: '본문' })).toBe(
      '제목은 200자 이하여야 합니다.',
    );
    expect(validateBoardText({ title: '제목', content: '본문' })).toBeNull();
    expect(boardTextBody({ title: ' 제목 ', content: ' 줄1\n줄2 ' })).toEqual({
      title: '제목',
      content: ' 줄1\n줄2 ',
    });
  });

  it('takes the bulletin board id, else the team id, else 1', () => {
    expect(bulletinBoardIdOf({ id: 7, bulletinBoardId: 12 })).toBe(12);
    expect(bulletinBoardIdOf({ id: 7, bulletinBoardId: 0 })).toBe(7);
    expect(bulletinBoardIdOf({ id: Number.NaN, bulletinBoardId: 0 })).toBe(1);
  });

  it('reads the post parameter', () => {
    expect(parsePostParam('12')).toBe(12);
    expect(parsePostParam('0')).toBeNull();
    expect(parsePostParam('1e3')).toBeNull();
    expect(parsePostParam(null)).toBeNull();
  });
});
