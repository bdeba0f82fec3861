import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@teamup/contracts/chat';
import { ME, message, messages, newMessageEvent, page } from '../test/fixtures';
import { RoomSession } from './room-session';

function setup(newest: ChatMessage[] = messages(1, 3)) {
  const fetchNewest = vi.fn(async (size: number) => page([...newest].reverse().slice(0, size)));
  const send = vi.fn(async (content: string) => message(50, { senderId: ME, content }));
  const session = new RoomSession({
    me: { id: ME, name: '김민지', imageUrl: null },
    roomId: 4,
    openedWith: { lastReadMessageId: null, unreadCount: 0 },
    fetchNewest,
    fetchOlder: vi.fn(async () => page<ChatMessage>([])),
    send,
    remove: vi.fn(async () => undefined),
  });
  return { session, fetchNewest, send };
}

const ids = (session: RoomSession) => session.getSnapshot().store.messages.map((item) => item.id);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('RoomSession', () => {
  it('resyncs the newest messages 1 s and 5 s after a send', async () => {
    const { session, fetchNewest } = setup();
    session.setLiveOpen(true);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNewest).toHaveBeenCalledTimes(1);
    session.send('안녕');
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(session)).toEqual([1, 2, 3, 50]);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchNewest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchNewest).toHaveBeenCalledTimes(2);
    expect(fetchNewest).toHaveBeenLastCalledWith(50, expect.anything());
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchNewest).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchNewest).toHaveBeenCalledTimes(3);
    session.dispose();
  });

  it('syncs every 12 s only while the live link is not open, and once when it opens', async () => {
    const { session, fetchNewest } = setup();
    session.setLiveOpen(false);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(36_000);
    expect(fetchNewest).toHaveBeenCalledTimes(4);
    session.setLiveOpen(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNewest).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchNewest).toHaveBeenCalledTimes(5);
    session.dispose();
  });

  it('retries a send that failed on the network, then marks it failed', async () => {
    const { session, send } = setup();
    send.mockRejectedValue(new TypeError('Failed to fetch'));
    session.setLiveOpen(true);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    session.send('안 가요');
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(session.getSnapshot().store.messages.at(-1)?.pending?.delivery).toBe('failed');
    session.dispose();
  });

  it('applies live events of its own room only', async () => {
    const { session } = setup();
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    session.handleEvent(newMessageEvent(7));
    session.handleEvent(newMessageEvent(8, { chatRoomId: 99 }));
    session.handleEvent({ type: 'CHAT_MESSAGE_DELETED', chatRoomId: 4, messageId: 2 });
    expect(ids(session)).toEqual([1, 2, 3, 7]);
    expect(session.getSnapshot().store.messages[1]?.deleted).toBe(true);
    session.dispose();
  });

  it('sends a file alone, shows it at once, and retries with the same file', async () => {
    const { session, send } = setup();
    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    send.mockImplementationOnce(async (content: string) =>
      message(60, {
        senderId: ME,
        content,
        attachment: {
          id: 9,
          type: 'image',
          url: '/api/chat-attachments/9',
          fileName: 'a.png',
          size: 3,
        },
      }),
    );
    session.setLiveOpen(true);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    const file = new File(['abc'], 'a.png', { type: 'image/png' });
    session.send('   ', file);
    const temp = session.getSnapshot().store.messages.at(-1);
    expect(temp?.pending?.file).toBe(file);
    expect(temp?.attachment).toMatchObject({ type: 'image', fileName: 'a.png', size: 3, url: '' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith('', file);
    expect(ids(session)).toEqual([1, 2, 3, 60]);
    expect(session.getSnapshot().store.messages.at(-1)?.attachment?.id).toBe(9);
    session.dispose();
  });

  it('sends nothing for empty text without a file', async () => {
    const { session, send } = setup();
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    session.send('  \n ');
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();
    expect(ids(session)).toEqual([1, 2, 3]);
    session.dispose();
  });
});
