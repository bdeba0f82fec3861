import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { message } from '../test/fixtures';
import type { LocalMessage } from '../lib/message-store';
import type { RoomSessionState } from '../lib/room-session';
import { useMessageWindowScroll } from './use-message-window-scroll';

/*
 * jsdom lays nothing out: the list's heights are set by hand, and the ResizeObserver is one
 * that the test fires, as the browser does when a picture in the list has loaded.
 */

const observed = new Map<Element, () => void>();

class ManualResizeObserver {
  constructor(private readonly callback: () => void) {}
  observe(element: Element) {
    observed.set(element, this.callback);
  }
  unobserve(element: Element) {
    observed.delete(element);
  }
  disconnect() {
    observed.clear();
  }
}

function state(messages: LocalMessage[]): RoomSessionState {
  return {
    status: 'ready',
    store: { messages, visibleCount: messages.length, olderOnServer: 0 },
    loadingOlder: false,
    firstUnreadId: null,
    newerOnServer: false,
    loadingNewer: false,
    focus: null,
  };
}

function List({ messages }: { messages: LocalMessage[] }) {
  const { listRef, contentRef, handleScroll } = useMessageWindowScroll({
    state: state(messages),
    visible: messages,
    atBottom: true,
    onAtBottomChange: () => undefined,
    setHighlight: () => undefined,
  });
  return (
    <div ref={listRef} onScroll={handleScroll} data-testid="list">
      <div ref={contentRef} data-testid="content">
        {messages.map((item) => (
          <div key={item.id} data-message-id={item.id} />
        ))}
      </div>
    </div>
  );
}

/**
 * Gives the list a height of 500 px and content of `height` px, as layout would; its scroll
 * position stays within them, as a browser's does.
 */
function layOut(list: HTMLElement, height: number) {
  const top = list.scrollTop;
  let scrolled = 0;
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: 500 });
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(list, 'scrollTop', {
    configurable: true,
    get: () => scrolled,
    set: (value: number) => {
      scrolled = Math.max(0, Math.min(value, height - 500));
    },
  });
  list.scrollTop = top;
}

/** The content grew (a picture decoded): the observer hears of it. */
function grow(list: HTMLElement, content: HTMLElement, height: number) {
  layOut(list, height);
  act(() => observed.get(content)?.());
}

describe('useMessageWindowScroll', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', ManualResizeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    observed.clear();
  });

  it('keeps a list that is at the bottom there while its content grows', () => {
    const { getByTestId, rerender } = render(<List messages={[message(1)]} />);
    const list = getByTestId('list');
    const content = getByTestId('content');
    layOut(list, 1000);
    rerender(<List messages={[message(1), message(2)]} />);
    expect(list.scrollTop).toBe(500);
    // The new message's picture loads: 300 px more under it.
    grow(list, content, 1300);
    expect(list.scrollTop).toBe(800);
  });

  it('stays at the bottom when the content grew before the scroll event was handled', () => {
    const { getByTestId, rerender } = render(<List messages={[message(1)]} />);
    const list = getByTestId('list');
    layOut(list, 1000);
    rerender(<List messages={[message(1), message(2)]} />);
    // The picture loaded between the scroll to the end and its scroll event.
    layOut(list, 1300);
    fireEvent.scroll(list);
    expect(list.scrollTop).toBe(800);
  });

  it('leaves a list the reader scrolled up from where it is', () => {
    const { getByTestId, rerender } = render(<List messages={[message(1)]} />);
    const list = getByTestId('list');
    const content = getByTestId('content');
    layOut(list, 1000);
    rerender(<List messages={[message(1), message(2)]} />);
    fireEvent.scroll(list);
    fireEvent.wheel(list, { deltaY: -300 });
    list.scrollTop = 200;
    fireEvent.scroll(list);
    grow(list, content, 1300);
    expect(list.scrollTop).toBe(200);
  });

  it('keeps following when the browser, not the reader, moved the list up', () => {
    const { getByTestId, rerender } = render(<List messages={[message(1)]} />);
    const list = getByTestId('list');
    const content = getByTestId('content');
    layOut(list, 1000);
    rerender(<List messages={[message(1), message(2)]} />);
    fireEvent.scroll(list);
    // Scroll anchoring: something above shrank, the browser moved the list up by 110 px.
    list.scrollTop = 390;
    fireEvent.scroll(list);
    grow(list, content, 1300);
    expect(list.scrollTop).toBe(800);
  });
});
