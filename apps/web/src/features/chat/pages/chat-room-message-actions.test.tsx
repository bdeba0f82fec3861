import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage, ChatReactionEmoji } from '@teamup/contracts/chat';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderPage } from '../../../test/render';
import { LiveProvider } from '../../live/components/live-provider';
import { signedInScreenTests, ME, message, OTHER, page, room, stubChatApi } from '../test/fixtures';
import { noContent, ok, type ApiCall } from '../../../test/stub-api';
import { ChatRoomPage } from './chat-room-page';

const ROOMS = '/api/workspaces/1/chat-rooms';
const MESSAGES = '/api/workspaces/1/chat-rooms/4/messages';

function setup(history: ChatMessage[]) {
  const chatRoom = room();
  const calls = stubChatApi((call) => {
    if (call.path === ROOMS) return ok(page([chatRoom]));
    if (call.path === `${ROOMS}/4/members`) return ok(chatRoom.members);
    if (call.path === MESSAGES && call.method === 'GET') {
      return ok(page([...history].reverse(), history.length));
    }
    if (call.path === MESSAGES && call.method === 'POST') {
      const body = call.body as { content: string; replyTo?: number };
      const original = history.find((item) => item.id === body.replyTo);
      return ok(
        message(50, {
          senderId: ME,
          senderName: '김민지',
          content: body.content,
          replyTo: original
            ? {
                id: original.id,
                senderId: original.senderId,
                senderName: original.senderName,
                content: original.content,
                deleted: false,
                hasAttachment: false,
              }
            : null,
        }),
        201,
      );
    }
    if (call.path.endsWith('/reactions') && call.method === 'PUT') {
      const body = call.body as { emoji: ChatReactionEmoji; reacted: boolean };
      const messageId = Number(call.path.split('/').at(-2));
      return ok({
        chatRoomId: 4,
        messageId,
        reactions: body.reacted
          ? [{ emoji: body.emoji, count: 1, users: [{ id: ME, name: '김민지' }] }]
          : [],
      });
    }
    if (call.path.startsWith(`${MESSAGES}/`) && call.method === 'PATCH') {
      const id = Number(call.path.split('/').at(-1));
      const original = history.find((item) => item.id === id);
      const { content } = call.body as { content: string };
      return ok({ ...original, content, editedAt: '2026-03-02T07:00:00.000Z' });
    }
    if (call.path.endsWith('/edits')) {
      return ok([{ content: '처음 말', replacedAt: '2026-03-02T06:00:00.000Z' }]);
    }
    if (call.path.endsWith('/last-read-refresh')) return noContent();
    return undefined;
  });
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
const posts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === MESSAGES);

signedInScreenTests();

describe('replies in the room', () => {
  it('quotes the message being answered above the input, cancels, and sends replyTo', async () => {
    const calls = setup([message(1, { content: '회의는 3시에 해요' }), message(2)]);
    await waitFor(() => expect(bubble(1)).toBeTruthy());
    fireEvent.click(within(bubble(1)!).getByTestId('chat-message-reply'));
    const preview = screen.getByTestId('chat-reply-preview');
    expect(preview.textContent).toContain('이서연님에게 답장');
    expect(preview.textContent).toContain('회의는 3시에 해요');
    expect(document.activeElement).toBe(screen.getByTestId('chat-input'));
    // Cancelled: the next message answers nothing.
    fireEvent.click(screen.getByTestId('chat-reply-cancel'));
    expect(screen.queryByTestId('chat-reply-preview')).toBeNull();
    fireEvent.click(within(bubble(2)!).getByTestId('chat-message-reply'));
    fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Escape' });
    expect(screen.queryByTestId('chat-reply-preview')).toBeNull();
    // Answering message 1 for real.
    fireEvent.click(within(bubble(1)!).getByTestId('chat-message-reply'));
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '좋아요' } });
    fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Enter' });
    expect(screen.queryByTestId('chat-reply-preview')).toBeNull();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ content: '좋아요', replyTo: 1 });
    // The reply shows its quote at once (before the answer) and after it.
    await waitFor(() => expect(bubble(50)).toBeTruthy());
    const quote = within(bubble(50)!).getByTestId('chat-reply-quote');
    expect(quote.textContent).toContain('이서연');
    expect(quote.textContent).toContain('회의는 3시에 해요');
  });

  it('shows a deleted original as deleted, live too', async () => {
    setup([
      message(1, { content: '첫 메시지' }),
      message(2, {
        senderId: ME,
        senderName: '김민지',
        content: '답장',
        replyTo: {
          id: 1,
          senderId: OTHER,
          senderName: '이서연',
          content: '첫 메시지',
          deleted: false,
          hasAttachment: false,
        },
      }),
    ]);
    await waitFor(() => expect(bubble(2)).toBeTruthy());
    expect(within(bubble(2)!).getByTestId('chat-reply-quote').textContent).toContain('첫 메시지');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    act(() =>
      FakeEventSource.latest().emit({ type: 'CHAT_MESSAGE_DELETED', chatRoomId: 4, messageId: 1 }),
    );
    const quote = within(bubble(2)!).getByTestId('chat-reply-quote');
    expect(quote.textContent).toContain('삭제된 메시지입니다.');
    expect(quote.textContent).not.toContain('첫 메시지');
  });

  it('jumps to the original and highlights it briefly; says so when it is not loaded', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    const quoteOf = (id: number) => ({
      id,
      senderId: OTHER,
      senderName: '이서연',
      content: `메시지 ${id}`,
      deleted: false,
      hasAttachment: false,
    });
    setup([
      message(1),
      message(2, { senderId: ME, senderName: '김민지', content: '응', replyTo: quoteOf(1) }),
      message(3, { senderId: ME, senderName: '김민지', content: '옛날 말', replyTo: quoteOf(-9) }),
    ]);
    await waitFor(() => expect(bubble(3)).toBeTruthy());
    fireEvent.click(within(bubble(2)!).getByTestId('chat-reply-quote'));
    expect(scrolled).toEqual([bubble(1)]);
    await waitFor(() => expect(bubble(1)!.className).toMatch(/rowHighlighted/));
    await waitFor(() => expect(bubble(1)!.className).not.toMatch(/rowHighlighted/), {
      timeout: 3000,
    });
    fireEvent.click(within(bubble(3)!).getByTestId('chat-reply-quote'));
    expect(await screen.findByText(/원본 메시지가 아직 불러와지지 않았습니다/)).toBeTruthy();
    expect(scrolled).toHaveLength(1);
  });
});

describe('reactions in the room', () => {
  it('reacts from the picker, takes it back from the chip, and shows others live', async () => {
    const calls = setup([message(1, { content: '오늘 발표 잘했어요' })]);
    await waitFor(() => expect(bubble(1)).toBeTruthy());
    fireEvent.click(within(bubble(1)!).getByTestId('chat-reaction-add'));
    const picks = await screen.findAllByTestId('chat-reaction-pick');
    fireEvent.click(picks.find((pick) => pick.dataset.emoji === '🙏')!);
    const chip = () => within(bubble(1)!).queryAllByTestId('chat-reaction');
    expect(chip().map((item) => item.textContent)).toEqual(['🙏1']);
    const puts = () => calls.filter((call) => call.method === 'PUT');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({
      path: `${MESSAGES}/1/reactions`,
      body: { emoji: '🙏', reacted: true },
    });
    fireEvent.click(chip()[0]!);
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toEqual({ emoji: '🙏', reacted: false });
    await waitFor(() => expect(chip()).toHaveLength(0));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_REACTIONS_CHANGED',
        chatRoomId: 4,
        messageId: 1,
        reactions: [{ emoji: '❤️', count: 1, users: [{ id: OTHER, name: '이서연' }] }],
      }),
    );
    expect(chip().map((item) => item.textContent)).toEqual(['❤️1']);
    expect(chip()[0]?.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('editing in the room', () => {
  it('edits my text message from the composer, marks it (수정됨) and lists its history', async () => {
    const calls = setup([
      message(1),
      message(2, { senderId: ME, senderName: '김민지', content: '처음 말' }),
    ]);
    await waitFor(() => expect(bubble(2)).toBeTruthy());
    // Only my own message offers an edit.
    expect(within(bubble(1)!).queryByTestId('chat-message-edit')).toBeNull();
    fireEvent.click(within(bubble(2)!).getByTestId('chat-message-edit'));
    expect(screen.getByTestId('chat-edit-banner').textContent).toContain('메시지 수정 중');
    const input = screen.getByTestId<HTMLTextAreaElement>('chat-input');
    expect(input.value).toBe('처음 말');
    fireEvent.change(input, { target: { value: '고친 말' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByTestId('chat-edit-banner')).toBeNull();
    expect(input.value).toBe('');
    expect(within(bubble(2)!).getByTestId('chat-message-content').textContent).toBe('고친 말');
    expect(within(bubble(2)!).getByTestId('chat-message-edited').textContent).toBe('(수정됨)');
    const patches = () => calls.filter((call) => call.method === 'PATCH');
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ path: `${MESSAGES}/2`, body: { content: '고친 말' } });
    // No message was sent.
    expect(posts(calls)).toHaveLength(0);
    fireEvent.click(within(bubble(2)!).getByTestId('chat-message-edited'));
    const entry = await screen.findByTestId('chat-edit-entry');
    expect(entry.textContent).toContain('처음 말');
  });

  it('cancels an edit with Esc, and shows another person’s edit live', async () => {
    setup([message(1), message(2, { senderId: ME, senderName: '김민지', content: '내 말' })]);
    await waitFor(() => expect(bubble(2)).toBeTruthy());
    fireEvent.click(within(bubble(2)!).getByTestId('chat-message-edit'));
    fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Escape' });
    expect(screen.queryByTestId('chat-edit-banner')).toBeNull();
    expect(screen.getByTestId<HTMLTextAreaElement>('chat-input').value).toBe('');
    expect(within(bubble(1)!).queryByTestId('chat-message-edited')).toBeNull();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.latest().open());
    act(() =>
      FakeEventSource.latest().emit({
        type: 'CHAT_MESSAGE_EDITED',
        chatRoomId: 4,
        messageId: 1,
        message: message(1, { content: '상대가 고친 말', editedAt: '2026-03-02T07:00:00.000Z' }),
      }),
    );
    expect(within(bubble(1)!).getByTestId('chat-message-content').textContent).toBe(
      '상대가 고친 말',
    );
    expect(within(bubble(1)!).getByTestId('chat-message-edited')).toBeTruthy();
  });
});
