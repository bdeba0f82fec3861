import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import {
  formatDocumentTitle,
  useDocumentTitle,
  useDocumentTitleCount,
  type TitlePart,
} from './document-title';

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
      ({ parts }: { parts: TitlePart[] }) => useDocumentTitle(parts),
      { initialProps: { parts: [undefined, '캡스톤'] } },
    );
    expect(document.title).toBe('캡스톤');
    rerender({ parts: ['발표 준비 단톡방', '캡스톤'] });
    expect(document.title).toBe('발표 준비 단톡방 · 캡스톤');
    unmount();
    expect(document.title).toBe('TeamUp');
  });

  it('shows the bell’s number, the same on every page, and none once the bell is gone', () => {
    document.title = 'TeamUp';
    // The bell (mounted once in the top bar) gives the number; the pages only name themselves.
    const bell = renderHook(({ unread }: { unread: number }) => useDocumentTitleCount(unread), {
      initialProps: { unread: 3 },
    });
    expect(document.title).toBe('(3) TeamUp');
    const home = renderHook(() => useDocumentTitle(['캡스톤 디자인 2조']));
    expect(document.title).toBe('(3) 캡스톤 디자인 2조');
    home.unmount();
    const notices = renderHook(() => useDocumentTitle(['알림', 'TeamUp']));
    expect(document.title).toBe('(3) 알림 · TeamUp');
    bell.rerender({ unread: 4 });
    expect(document.title).toBe('(4) 알림 · TeamUp');
    notices.unmount();
    const room = renderHook(() => useDocumentTitle(['발표 준비 단톡방', '캡스톤 디자인 2조']));
    expect(document.title).toBe('(4) 발표 준비 단톡방 · 캡스톤 디자인 2조');
    bell.unmount();
    expect(document.title).toBe('발표 준비 단톡방 · 캡스톤 디자인 2조');
    room.unmount();
    expect(document.title).toBe('TeamUp');
  });
});
