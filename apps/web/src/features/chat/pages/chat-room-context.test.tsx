import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { ChatMessage } from '@teamup/contracts/chat';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderPage } from '../../../test/render';
import { LiveProvider } from '../../live/components/live-provider';
import {
  messages,
  newMessageEvent,
  page,
  room,
  signedInScreenTests,
  stubChatApi,
} from '../test/fixtures';
import { noContent, ok, problem, type ApiCall } from '../../../test/stub-api';
import { ChatRoomPage } from './chat-room-page';

/* A room opened at a message (a search result): the window around it, newer pages, the latest. */

const ROOMS = '/api/workspaces/1/chat-rooms';
const MESSAGES = '/api/workspaces/1/chat-rooms/4/messages';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** A room of messages 1..total answered as the server does (around, after, before, newest). */
function setup(total: number, entry: string) {
  const all: ChatMessage[] = messages(1, total);
  const calls = stubChatApi((call) => {
    if (call.path === ROOMS) return ok(page([room()]));
    if (call.path === `${ROOMS}/4/members`) return ok(room().members);
    if (call.path.endsWith('/last-read-refresh')) return noContent();
    if (call.path !== MESSAGES || call.method !== 'GET') return undefined;
    const size = Number(call.query.get('size'));
    const around = Number(call.query.get('aroundId') ?? 0);
    const after = Number(call.query.get('afterId') ?? 0);
    if (around) {
      const at = all.findIndex((m) => m.id === around);
      if (at < 0) return problem(404, 'CHAT_MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다.');
      const from = Math.max(0, at - Math.floor(size / 2));
      const window = all.slice(from, from + size);
      return ok({
        ...page(window, from + window.length),
        hasOlder: from > 0,
        hasNewer: from + window.length < all.length,
      });
    }
    if (after) {
      const newer = all.filter((m) => m.id > after);
      return ok({ ...page(newer.slice(0, size), newer.length), hasNewer: newer.length > size });
    }
    return ok(page([...all].reverse().slice(0, size), all.length));
  });
  renderPage(
    '/ws/:workspaceId/chat/:chatId',
    <LiveProvider>
      <ChatRoomPage />
      <LocationProbe />
    </LiveProvider>,
    entry,
  );
  return { calls, all };
}

const messageCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === MESSAGES && call.method === 'GET');
const shownIds = () =>
  screen.getAllByTestId('chat-message').map((item) => Number(item.dataset.messageId));
const bubble = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
const list = () => screen.getByTestId('chat-message-list');
const readCalls = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path.endsWith('/last-read-refresh'))
    .map((call) => (call.body as { messageId: number }).messageId);

const scrolledInto: Element[] = [];

signedInScreenTests();
beforeEach(() => {
  scrolledInto.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledInto.push(this);
  });
});
afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('ChatRoomPage opened at a message', () => {
  it('loads the window around it, centres and highlights it, then takes it out of the address', async () => {
    const { calls } = setup(300, '/ws/1/chat/4?message=150');
    await waitFor(() => expect(bubble(150)).toBeTruthy());
    expect(messageCalls(calls).map((call) => call.query.toString())).toEqual([
      'aroundId=150&size=100',
    ]);
    expect(shownIds()[0]).toBe(100);
    expect(shownIds().at(-1)).toBe(199);
    expect(bubble(150)?.className).toMatch(/rowHighlighted/);
    expect(scrolledInto).toContain(bubble(150));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ws/1/chat/4'));
    // The newest is not loaded: the button to it shows; the message stays in view.
    expect(screen.getByTestId('chat-jump-latest').textContent).toContain('최신 메시지로');
    expect(bubble(150)).toBeTruthy();
  });

  it('loads newer pages at the end of the window, marking read only once the newest is seen', async () => {
    const { calls } = setup(300, '/ws/1/chat/4?message=150');
    // Focused once the address drops the message (the highlight itself lasts only 1.6 s, which a
    // loaded machine can miss between two looks).
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ws/1/chat/4'));
    fireEvent.scroll(list());
    await waitFor(() => expect(bubble(249)).toBeTruthy());
    expect(messageCalls(calls).at(-1)?.query.toString()).toBe('afterId=199&size=50');
    // The end of an older window is not the newest: no read pointer moves yet. (A negative:
    // waited past the mark-read delay of 300 ms.)
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(readCalls(calls)).toEqual([]);
    fireEvent.scroll(list());
    await waitFor(() => expect(bubble(299)).toBeTruthy());
    fireEvent.scroll(list());
    await waitFor(() => expect(bubble(300)).toBeTruthy());
    expect(screen.queryByTestId('chat-load-newer')).toBeNull();
    // Now the newest is on screen: read up to it.
    await waitFor(() => expect(readCalls(calls)).toEqual([300]));
    expect(shownIds()[0]).toBe(100);
  });

  it('jumps to the latest; a live message while in the past shows only there', async () => {
    const { calls, all } = setup(300, '/ws/1/chat/4?message=150');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    await waitFor(() => expect(bubble(150)?.className).toMatch(/rowHighlighted/));
    all.push(...messages(301, 1));
    act(() => FakeEventSource.latest().emit(newMessageEvent(301)));
    // Not put after the older window (there is a gap between them).
    expect(bubble(301)).toBeNull();
    expect(shownIds().at(-1)).toBe(199);
    fireEvent.click(screen.getByTestId('chat-jump-latest'));
    await waitFor(() => expect(bubble(301)).toBeTruthy());
    expect(messageCalls(calls).at(-1)?.query.toString()).toBe('latest=true&size=100');
    expect(bubble(150)).toBeNull();
    expect(shownIds()[0]).toBe(202);
    fireEvent.scroll(list());
    await waitFor(() => expect(screen.queryByTestId('chat-jump-latest')).toBeNull());
    // At the newest, live messages are added as always.
    all.push(...messages(302, 1));
    act(() => FakeEventSource.latest().emit(newMessageEvent(302)));
    await waitFor(() => expect(shownIds().at(-1)).toBe(302));
    await waitFor(() => expect(readCalls(calls)).toContain(302));
  });

  it('opens at the newest and says so when the room does not hold the message', async () => {
    const { calls } = setup(30, '/ws/1/chat/4?message=999');
    expect(
      await screen.findByText('찾는 메시지가 이 채팅방에 없어 최신 메시지를 보여드립니다.'),
    ).toBeTruthy();
    expect(shownIds().at(-1)).toBe(30);
    expect(messageCalls(calls).map((call) => call.query.toString())).toEqual([
      'aroundId=999&size=100',
      'latest=true&size=100',
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ws/1/chat/4'));
  });

  it('opens at the newest without ?message=', async () => {
    const { calls } = setup(30, '/ws/1/chat/4');
    await waitFor(() => expect(bubble(30)).toBeTruthy());
    expect(messageCalls(calls).map((call) => call.query.toString())).toEqual([
      'latest=true&size=100',
    ]);
    expect(screen.queryByTestId('chat-load-newer')).toBeNull();
  });
});
