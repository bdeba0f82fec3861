import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage, ChatReadPointers } from '@teamup/contracts/chat';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderPage } from '../../../test/render';
import { LiveProvider } from '../../live/components/live-provider';
import {
  signedInScreenTests,
  ME,
  member,
  message,
  newMessageEvent,
  OTHER,
  page,
  room,
  stubChatApi,
} from '../test/fixtures';
import { noContent, ok, type ApiCall } from '../../../test/stub-api';
import { ChatRoomPage } from './chat-room-page';

const ROOMS = '/api/workspaces/1/chat-rooms';
const MESSAGES = `${ROOMS}/4/messages`;
const THIRD = 7;

/** A group room of 김민지 (me), 이서연 (OTHER) and 박지훈 (THIRD). */
function setup(
  history: ChatMessage[],
  pointers: ChatReadPointers['pointers'],
  options: {
    createdBy?: number;
    myRole?: 'OWNER' | 'ADMIN' | 'MEMBER';
    notice?: ChatMessage | null;
  } = {},
) {
  const members = [member(ME, '김민지'), member(OTHER, '이서연'), member(THIRD, '박지훈')];
  const chatRoom = room({
    type: 'GROUP',
    name: '캡스톤 팀',
    memberCount: 3,
    members,
    createdBy: options.createdBy ?? OTHER,
  });
  const calls = stubChatApi(
    (call) => {
      if (call.path === ROOMS) return ok(page([chatRoom]));
      if (call.path === `${ROOMS}/4/members`) return ok(members);
      if (call.path === `${ROOMS}/4/read-pointers`) return ok({ chatRoomId: 4, pointers });
      if (call.path === MESSAGES && call.method === 'GET') {
        return ok(page([...history].reverse(), history.length));
      }
      if (call.path === MESSAGES && call.method === 'POST') {
        const body = call.body as { content: string };
        return ok(message(50, { senderId: ME, senderName: '김민지', content: body.content }), 201);
      }
      if (call.path.endsWith('/last-read-refresh')) return noContent();
      if (call.path === `${ROOMS}/4/notice` && call.method === 'GET') {
        return ok({ chatRoomId: 4, message: options.notice ?? null });
      }
      if (call.path === `${ROOMS}/4/notice` && call.method === 'PUT') {
        const { messageId } = call.body as { messageId: number | null };
        const pinned = history.find((item) => item.id === messageId) ?? null;
        return ok({ chatRoomId: 4, message: pinned });
      }
      return undefined;
    },
    { myRole: options.myRole ?? 'MEMBER' },
  );
  renderPage(
    '/ws/:workspaceId/chat/:chatId',
    <LiveProvider>
      <ChatRoomPage />
    </LiveProvider>,
    '/ws/1/chat/4',
  );
  return calls;
}

const bubble = (id: number) =>
  screen.getAllByTestId('chat-message').find((item) => item.dataset.messageId === String(id));
const countOf = (id: number) =>
  bubble(id)?.querySelector('[data-testid="chat-read-count"]')?.textContent ?? null;
const posts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === MESSAGES);

signedInScreenTests();

describe('read counts beside messages', () => {
  it('shows how many others have not read each message, falling live as they read', async () => {
    setup(
      [
        message(10, { senderId: ME, senderName: '김민지', content: '자료 올렸어요' }),
        message(11, { senderId: ME, senderName: '김민지', content: '확인 부탁해요' }),
      ],
      [
        { userId: ME, lastReadMessageId: 11 },
        { userId: OTHER, lastReadMessageId: 10 },
        { userId: THIRD, lastReadMessageId: null },
      ],
    );
    // Messages and pointers load side by side; a loaded machine can take more than a second.
    await waitFor(() => expect(countOf(11)).toBe('2'), { timeout: 5000 });
    expect(countOf(10)).toBe('1');
    expect(
      bubble(11)?.querySelector('[data-testid="chat-read-count"]')?.getAttribute('aria-label'),
    ).toBe('안 읽은 사람 2명');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_READ_POINTER_MOVED',
        chatRoomId: 4,
        userId: THIRD,
        previousMessageId: null,
        lastReadMessageId: 11,
      }),
    );
    await waitFor(() => expect(countOf(11)).toBe('1'));
    // Everyone has read message 10: no number at all.
    expect(countOf(10)).toBeNull();
    // Another room's event changes nothing here.
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_READ_POINTER_MOVED',
        chatRoomId: 99,
        userId: OTHER,
        previousMessageId: 10,
        lastReadMessageId: 11,
      }),
    );
    expect(countOf(11)).toBe('1');
    // A new message from 이서연 moves her pointer too: 11 is read by all, 12 waits for two.
    act(() =>
      FakeEventSource.latest().emit(newMessageEvent(12, { senderId: OTHER, content: '봤어요' })),
    );
    await waitFor(() => expect(countOf(12)).toBe('2'));
    expect(countOf(11)).toBeNull();
  });
});

describe('mentions and links in messages', () => {
  it('shows a mention with today’s name, mine highlighted, and links that open safely', async () => {
    setup(
      [
        message(10, {
          content: `<@${ME}> 회의록 https://example.com/notes?id=3. 그리고 javascript:alert(1) <b>굵게</b>`,
        }),
        message(11, { content: `<@${THIRD}> 확인` }),
      ],
      [],
    );
    await waitFor(() => expect(bubble(10)).toBeTruthy(), { timeout: 5000 });
    const first = within(bubble(10)!);
    const mention = first.getByTestId('chat-mention');
    expect(mention.textContent).toBe('@김민지');
    expect(mention.dataset.me).toBe('true');
    const links = first.getAllByTestId('chat-message-link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/notes?id=3');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    // Never HTML: the tags are text.
    expect(bubble(10)?.querySelector('b')).toBeNull();
    expect(first.getByTestId('chat-message-content').textContent).toContain('<b>굵게</b>');
    const other = within(bubble(11)!).getByTestId('chat-mention');
    expect(other.textContent).toBe('@박지훈');
    expect(other.dataset.me).toBe('false');
  });
});

describe('mention autocomplete in the composer', () => {
  it('offers room members after @, picks with arrows and Enter, and sends their id', async () => {
    const calls = setup([message(10)], []);
    await waitFor(() => expect(bubble(10)).toBeTruthy(), { timeout: 5000 });
    const input = screen.getByTestId<HTMLTextAreaElement>('chat-input');
    fireEvent.change(input, { target: { value: '안녕 @', selectionStart: 4 } });
    let options = await screen.findAllByTestId('chat-mention-option');
    // Other members only, and no @all / @here for a plain member who does not own the room.
    expect(options.map((option) => option.textContent)).toEqual(['이@이서연', '박@박지훈']);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    options = screen.getAllByTestId('chat-mention-option');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('안녕 @박지훈 ');
    expect(screen.queryByTestId('chat-mention-list')).toBeNull();
    // Narrowed by what follows @, picked with the mouse.
    fireEvent.change(input, { target: { value: '안녕 @박지훈 @서', selectionStart: 10 } });
    fireEvent.click(await screen.findByText('@이서연'));
    expect(input.value).toBe('안녕 @박지훈 @이서연 ');
    fireEvent.change(input, { target: { value: '안녕 @박지훈 @이서연 보세요' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ content: `안녕 <@${THIRD}> <@${OTHER}> 보세요` });
  });

  it('offers @all and @here to the room owner, and Escape closes the list', async () => {
    const calls = setup([message(10)], [], { createdBy: ME });
    await waitFor(() => expect(bubble(10)).toBeTruthy(), { timeout: 5000 });
    const input = screen.getByTestId<HTMLTextAreaElement>('chat-input');
    fireEvent.change(input, { target: { value: '@', selectionStart: 1 } });
    const options = await screen.findAllByTestId('chat-mention-option');
    expect(options.map((option) => option.textContent)).toEqual([
      '이@이서연',
      '박@박지훈',
      '@all채팅방 전체에게 알림',
      '@here지금 온라인인 멤버에게만 알림',
    ]);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('chat-mention-list')).toBeNull();
    fireEvent.change(input, { target: { value: '@a', selectionStart: 2 } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('@all ');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ content: '<@all>' });
  });
});

describe('the room notice (공지)', () => {
  it('shows the pinned message on top, follows it live, and lets the owner pin and unpin', async () => {
    const rules = message(10, { content: `<@${THIRD}> 회의는 월요일 10시` });
    const calls = setup([rules, message(11, { content: '둘째 공지' })], [], {
      createdBy: ME,
      notice: rules,
    });
    const banner = await screen.findByTestId('chat-notice', {}, { timeout: 5000 });
    expect(within(banner).getByTestId('chat-notice-text').textContent).toBe(
      '@박지훈 회의는 월요일 10시',
    );
    expect(banner.textContent).toContain('공지 · 이서연');
    await waitFor(() => expect(bubble(11)).toBeTruthy(), { timeout: 5000 });
    fireEvent.click(within(bubble(11)!).getByTestId('chat-message-pin'));
    await waitFor(() =>
      expect(screen.getByTestId('chat-notice-text').textContent).toBe('둘째 공지'),
    );
    fireEvent.click(screen.getByTestId('chat-notice-unpin'));
    await waitFor(() => expect(screen.queryByTestId('chat-notice')).toBeNull());
    const puts = calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/notice'));
    expect(puts.map((call) => call.body)).toEqual([{ messageId: 11 }, { messageId: null }]);
    // Live: another admin pins message 10 again; then it is deleted and the notice goes.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    act(() =>
      FakeEventSource.latest().emit({ type: 'CHAT_NOTICE_CHANGED', chatRoomId: 4, message: rules }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('chat-notice-text').textContent).toContain('회의는'),
    );
    act(() =>
      FakeEventSource.latest().emit({ type: 'CHAT_MESSAGE_DELETED', chatRoomId: 4, messageId: 10 }),
    );
    await waitFor(() => expect(screen.queryByTestId('chat-notice')).toBeNull());
  });

  it('offers neither pin nor unpin to a plain member who does not own the room', async () => {
    const rules = message(10, { content: '공지 내용' });
    setup([rules], [], { createdBy: OTHER, notice: rules });
    const banner = await screen.findByTestId('chat-notice', {}, { timeout: 5000 });
    expect(within(banner).queryByTestId('chat-notice-unpin')).toBeNull();
    await waitFor(() => expect(bubble(10)).toBeTruthy(), { timeout: 5000 });
    expect(within(bubble(10)!).queryByTestId('chat-message-pin')).toBeNull();
  });
});
