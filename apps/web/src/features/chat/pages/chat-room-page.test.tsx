import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage, ChatRoom } from '@teamup/contracts/chat';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderPage } from '../../../test/render';
import { LiveProvider } from '../../live/components/live-provider';
import {
  deferred,
  signedInScreenTests,
  ME,
  member,
  message,
  messages,
  newMessageEvent,
  OTHER,
  page,
  room,
  stubChatApi,
} from '../test/fixtures';
import { noContent, ok, problem, type ApiCall } from '../../../test/stub-api';
import { ChatRoomPage } from './chat-room-page';

const ROOMS = '/api/workspaces/1/chat-rooms';
const MESSAGES = '/api/workspaces/1/chat-rooms/4/messages';

interface Setup {
  chatRoom?: ChatRoom;
  /** The newest page (oldest first here; the fixture answers newest first as the server does). */
  history?: ChatMessage[];
  total?: number;
  send?: (call: ApiCall) => Response | Promise<Response>;
  remove?: () => Response;
  myRole?: 'OWNER' | 'ADMIN' | 'MEMBER';
  older?: ChatMessage[];
  /** How many messages the server counts before the cursor. */
  olderTotal?: number;
}

function setup({
  chatRoom = room(),
  history = messages(1, 3),
  total = history.length,
  send,
  remove = noContent,
  myRole,
  older = [],
  olderTotal = older.length,
}: Setup = {}) {
  const calls = stubChatApi(
    (call) => {
      if (call.path === ROOMS) return ok(page([chatRoom]));
      if (call.path === `${ROOMS}/4/members`) return ok(chatRoom.members);
      if (call.path === MESSAGES && call.method === 'GET') {
        if (call.query.get('beforeId')) return ok(page(older, olderTotal));
        return ok(page([...history].reverse(), total));
      }
      if (call.path === MESSAGES && call.method === 'POST' && send) return send(call);
      if (call.path.endsWith('/delete')) return remove();
      if (call.path.endsWith('/last-read-refresh')) return noContent();
      return undefined;
    },
    { myRole },
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

const shown = () =>
  screen.getAllByTestId('chat-message').map((item) => ({
    id: Number(item.dataset.messageId),
    own: item.dataset.own,
    text: within(item).getByTestId('chat-message-content').textContent,
  }));

async function openLive() {
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  act(() => FakeEventSource.latest().open());
}

function type(text: string) {
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
}

function pressEnter(shiftKey = false) {
  fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Enter', shiftKey });
}

const posts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === MESSAGES);

signedInScreenTests();

describe('ChatRoomPage', () => {
  it('shows the room named after the other person, mine on the right and theirs on the left', async () => {
    const calls = setup({
      history: [message(1), message(2, { senderId: ME, senderName: '김민지', content: '안녕' })],
    });
    expect(await screen.findByTestId('chat-room')).toBeTruthy();
    expect(screen.getByTestId('chat-room-title').textContent).toBe('이서연');
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(shown()).toEqual([
      { id: 1, own: 'false', text: '메시지 1' },
      { id: 2, own: 'true', text: '안녕' },
    ]);
    // Others' messages carry the sender's name; a date separator opens the day.
    expect(screen.getAllByText('이서연').length).toBeGreaterThan(1);
    expect(screen.getByText('2026년 3월 2일 월요일')).toBeTruthy();
    const first = calls.find((call) => call.path === MESSAGES);
    expect(first?.query.toString()).toBe('latest=true&size=100');
  });

  it('names an unknown sender from the member list, else 알 수 없는 사용자', async () => {
    setup({
      chatRoom: room({
        type: 'GROUP',
        name: '회의',
        members: [member(ME, '김민지'), member(OTHER, '이서연'), member(8, '박지훈')],
      }),
      history: [
        message(1, { senderId: 8, senderName: '' }),
        message(2, { senderId: 77, senderName: '' }),
      ],
    });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    expect(screen.getByText('박지훈')).toBeTruthy();
    expect(screen.getByText('알 수 없는 사용자')).toBeTruthy();
  });

  it('shows a message at once with a temporary id, then the real one from the answer', async () => {
    const answer = deferred<Response>();
    const calls = setup({ send: () => answer.promise });
    await waitFor(() => expect(shown()).toHaveLength(3));
    type('  새 소식  ');
    pressEnter();
    expect(screen.getByTestId<HTMLTextAreaElement>('chat-input').value).toBe('');
    const pending = shown().at(-1);
    expect(pending).toMatchObject({ own: 'true', text: '새 소식' });
    expect(pending?.id).toBeLessThan(0);
    expect(screen.getByText('전송 중...')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({ content: '새 소식' });

    await act(async () => {
      answer.resolve(
        ok(message(40, { senderId: ME, senderName: '김민지', content: '새 소식' }), 201),
      );
      await answer.promise;
    });
    await waitFor(() => expect(shown().at(-1)?.id).toBe(40));
    expect(shown()).toHaveLength(4);
    expect(screen.queryByText('전송 중...')).toBeNull();
  });

  it('lets the live event replace the temporary message when it comes first, without doubles', async () => {
    const answer = deferred<Response>();
    setup({ send: () => answer.promise });
    await openLive();
    await waitFor(() => expect(shown()).toHaveLength(3));
    type('빠른 메시지');
    pressEnter();
    act(() =>
      FakeEventSource.latest().emit(
        newMessageEvent(41, {
          senderId: ME,
          senderName: '김민지',
          content: '빠른 메시지',
          sentAt: new Date().toISOString(),
        }),
      ),
    );
    expect(shown().map((item) => item.id)).toEqual([1, 2, 3, 41]);
    await act(async () => {
      answer.resolve(
        ok(message(41, { senderId: ME, content: '빠른 메시지', sentAt: new Date().toISOString() })),
      );
      await answer.promise;
    });
    expect(shown().map((item) => item.id)).toEqual([1, 2, 3, 41]);
  });

  it('adds messages from others as they arrive live, ignoring one heard twice', async () => {
    setup();
    await openLive();
    await waitFor(() => expect(shown()).toHaveLength(3));
    act(() => FakeEventSource.latest().emit(newMessageEvent(9)));
    act(() => FakeEventSource.latest().emit(newMessageEvent(9)));
    act(() => FakeEventSource.latest().emit(newMessageEvent(9, { chatRoomId: 99 })));
    expect(shown().map((item) => item.id)).toEqual([1, 2, 3, 9]);
  });

  it('sends on Enter but not on Shift+Enter, and never an empty message', async () => {
    const calls = setup({
      send: () => ok(message(40, { senderId: ME, content: '한 줄' }), 201),
    });
    await waitFor(() => expect(shown()).toHaveLength(3));
    type('첫 줄');
    pressEnter(true);
    expect(posts(calls)).toHaveLength(0);
    expect(screen.getByTestId<HTMLTextAreaElement>('chat-input').value).toBe('첫 줄');
    type('   ');
    pressEnter();
    expect(posts(calls)).toHaveLength(0);
    expect(screen.getByTestId<HTMLButtonElement>('chat-send').disabled).toBe(true);
    type('한 줄');
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
  });

  it('shows the failure notice on a message the server refused, and sends it again on retry', async () => {
    let attempt = 0;
    const calls = setup({
      send: () =>
        ++attempt === 1
          ? problem(500, 'INTERNAL', '서버 오류')
          : ok(message(42, { senderId: ME, content: '다시' }), 201),
    });
    await waitFor(() => expect(shown()).toHaveLength(3));
    type('다시');
    pressEnter();
    const failed = await screen.findByTestId('chat-message-failed');
    expect(
      within(failed).getByText('Failed to send the message. Check your network connection.'),
    ).toBeTruthy();
    // An answer from the server is not retried by itself (only network failures are).
    expect(posts(calls)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('chat-message-retry'));
    await waitFor(() => expect(screen.queryByTestId('chat-message-failed')).toBeNull());
    expect(posts(calls)).toHaveLength(2);
    expect(shown().at(-1)).toMatchObject({ id: 42, text: '다시' });
  });

  it("shows the server's reason on a send it refused for what it is, without a retry", async () => {
    const reason = '방 전체 호출(@all, @here)은 방장과 워크스페이스 관리자만 할 수 있습니다.';
    setup({ send: () => problem(403, 'CHAT_MENTION_ALL_FORBIDDEN', reason) });
    await waitFor(() => expect(shown()).toHaveLength(3));
    type('모두 확인해 주세요');
    pressEnter();
    const failed = await screen.findByTestId('chat-message-failed');
    expect(within(failed).getByText(reason)).toBeTruthy();
    expect(within(failed).queryByTestId('chat-message-retry')).toBeNull();
  });

  it('offers delete on my own messages only to a member', async () => {
    setup({ history: [message(1), message(2, { senderId: ME })] });
    await waitFor(() => expect(shown()).toHaveLength(2));
    const [theirs, mine] = screen.getAllByTestId('chat-message');
    expect(within(theirs as HTMLElement).queryByTestId('chat-message-delete')).toBeNull();
    expect(within(mine as HTMLElement).getByTestId('chat-message-delete')).toBeTruthy();
  });

  it.each(['OWNER', 'ADMIN'] as const)(
    'offers delete on every message to the %s',
    async (myRole) => {
      setup({ history: [message(1), message(2, { senderId: ME })], myRole });
      await waitFor(() => expect(shown()).toHaveLength(2));
      expect(screen.getAllByTestId('chat-message-delete')).toHaveLength(2);
    },
  );

  it('deletes after the confirm, at once on screen', async () => {
    const calls = setup({ history: [message(1), message(2, { senderId: ME })] });
    await waitFor(() => expect(shown()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('chat-message-delete'));
    expect(await screen.findByText('이 메시지를 삭제할까요?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(shown()[1]?.text).toBe('삭제된 메시지입니다.'));
    expect(
      calls.some((call) => call.path === `${MESSAGES}/2/delete` && call.method === 'PATCH'),
    ).toBe(true);
  });

  it('puts a refused delete back and says so', async () => {
    setup({
      history: [message(1), message(2, { senderId: ME, content: '지우기' })],
      remove: () => problem(403, 'CHAT_DELETE_FORBIDDEN', '안 됨'),
    });
    await waitFor(() => expect(shown()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('chat-message-delete'));
    fireEvent.click(await screen.findByTestId('confirm-action'));
    expect(await screen.findByText('Failed to delete the message. Please try again.')).toBeTruthy();
    expect(shown()[1]?.text).toBe('지우기');
  });

  it('puts the 새 메시지 divider before the first unread message and marks the room read', async () => {
    const calls = setup({
      chatRoom: room({ lastReadMessageId: 2, unreadCount: 2 }),
      history: messages(1, 4),
    });
    const divider = await screen.findByTestId('chat-unread-divider');
    const next = divider.nextElementSibling as HTMLElement;
    expect(next.dataset.messageId).toBe('3');
    expect(screen.getByTestId('chat-jump-unread')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/last-read-refresh'))?.body).toEqual({
        messageId: 4,
      }),
    );
    // The divider stays where it was for this visit.
    expect(screen.getByTestId('chat-unread-divider')).toBeTruthy();
  });

  it('has no divider when nothing was unread', async () => {
    setup({ chatRoom: room({ lastReadMessageId: 3, unreadCount: 0 }) });
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(screen.queryByTestId('chat-unread-divider')).toBeNull();
  });

  // 150 messages rendered in jsdom take seconds on a loaded machine: this test waits longer.
  it('shows the newest 100 and loads 50 older before the oldest one', async () => {
    const calls = setup({
      history: messages(101, 100),
      total: 200,
      older: messages(51, 50),
      olderTotal: 100,
    });
    await waitFor(() => expect(shown()).toHaveLength(100), { timeout: 15_000 });
    const more = screen.getByTestId('chat-load-older');
    expect(more.textContent).toBe('이전 메시지 50개 더 보기');
    fireEvent.click(more);
    await waitFor(() => expect(shown()).toHaveLength(150), { timeout: 15_000 });
    const olderCall = calls.find((call) => call.query.get('beforeId'));
    expect(olderCall?.query.get('beforeId')).toBe('101');
    expect(olderCall?.query.get('size')).toBe('50');
    expect(shown()[0]?.id).toBe(51);
    // The server counted 100 before the cursor: 50 are left.
    expect(screen.getByTestId('chat-load-older').textContent).toBe('이전 메시지 50개 더 보기');
  }, 40_000);

  it('says the room is not found when it is not one of mine', async () => {
    stubChatApi((call) => (call.path === ROOMS ? ok(page([])) : undefined));
    renderPage(
      '/ws/:workspaceId/chat/:chatId',
      <LiveProvider>
        <ChatRoomPage />
      </LiveProvider>,
      '/ws/1/chat/4',
    );
    expect((await screen.findByTestId('chat-room-error')).textContent).toBe(
      '채팅방을 찾을 수 없습니다.',
    );
  });
});
