import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { formatDocumentTitle, useDocumentTitle, type TitlePart } from './document-title';

afterEach(() => cleanup());

describe('formatDocumentTitle', () => {
  it('names the room and workspace after the unread count', () => {
    expect(formatDocumentTitle(['발표 준비 단톡방', '캡스톤 디자인 2조'], 3)).toBe(
      '(3) 발표 준비 단톡방 · 캡스톤 디자인 2조',
    );
  });

  it('leaves out the count at zero and parts not loaded yet', () => {
    expect(formatDocumentTitle([undefined, '캡스톤 디자인 2조', null, '  ', false], 0)).toBe(
      '캡스톤 디자인 2조',
    );
  });

  it('falls back to the app name, and caps a large count', () => {
    expect(formatDocumentTitle([])).toBe('TeamUp');
    expect(formatDocumentTitle([undefined], 250)).toBe('(99+) TeamUp');
    expect(formatDocumentTitle(['알림'], Number.NaN)).toBe('알림');
  });
});

describe('useDocumentTitle', () => {
  it('follows the page while mounted and gives the app name back on leaving', () => {
    document.title = 'TeamUp';
    const { rerender, unmount } = renderHook(
      ({ parts, unread }: { parts: TitlePart[]; unread: number }) =>
        useDocumentTitle(parts, unread),
      { initialProps: { parts: [undefined, '캡스톤'], unread: 0 } },
    );
    expect(document.title).toBe('캡스톤');
    rerender({ parts: ['발표 준비 단톡방', '캡스톤'], unread: 2 });
    expect(document.title).toBe('(2) 발표 준비 단톡방 · 캡스톤');
    unmount();
    expect(document.title).toBe('TeamUp');
  });
});
