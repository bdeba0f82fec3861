import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatMessageReactions, ChatReactionEmoji } from '@teamup/contracts/chat';
import { ME, message, messages, newMessageEvent, OTHER, page } from '../test/fixtures';
import { ApiError } from '../../../lib/api-error';
import { RoomSession } from './room-session';

const ME_USER = { id: ME, name: '김민지' };
const OTHER_USER = { id: OTHER, name: '이서연' };
const reactionsOf = (session: RoomSession, id: number) =>
  session.getSnapshot().store.messages.find((item) => item.id === id)?.reactions;

function setup(newest: ChatMessage[] = messages(1, 3)) {
  const fetchNewest = vi.fn(async (size: number) => page([...newest].reverse().slice(0, size)));
  const send = vi.fn(
    async (
      content: string,
      _files?: readonly File[],
      _replyTo?: number,
      _onProgress?: (fraction: number) => void,
    ) => message(50, { senderId: ME, content }),
  );
  const react = vi.fn(
    async (messageId: number, emoji: ChatReactionEmoji, reacted: boolean) =>
      ({
        chatRoomId: 4,
        messageId,
        reactions: reacted ? [{ emoji, count: 2, users: [OTHER_USER, ME_USER] }] : [],
      }) satisfies ChatMessageReactions,
  );
  const session = new RoomSession({
    me: { id: ME, name: '김민지', imageUrl: null },
    roomId: 4,
    openedWith: { lastReadMessageId: null, unreadCount: 0 },
    fetchNewest,
    fetchOlder: vi.fn(async () => page<ChatMessage>([])),
    fetchNewer: vi.fn(async () => page<ChatMessage>([])),
    fetchAround: vi.fn(async () => page<ChatMessage>([])),
    send,
    remove: vi.fn(async () => undefined),
    edit: vi.fn(async (id: number, content: string) =>
      message(id, { content, editedAt: '2026-03-02T06:00:00.000Z' }),
    ),
    react,
  });
  return { session, fetchNewest, send, react };
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
    // A failure on the network is worth another try: no refusal, so the retry button shows.
    expect(session.getSnapshot().store.messages.at(-1)?.pending?.refusal).toBeUndefined();
    session.dispose();
  });

  it("keeps a refused send with the server's reason, tried once and never again", async () => {
    const { session, send } = setup();
    const reason = '방 전체 호출(@all, @here)은 방장과 워크스페이스 관리자만 할 수 있습니다.';
    send.mockRejectedValue(new ApiError(403, 'CHAT_MENTION_ALL_FORBIDDEN', reason));
    session.setLiveOpen(true);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    session.send('<@all> 모여주세요');
    await vi.advanceTimersByTimeAsync(10_000);
    const failed = session.getSnapshot().store.messages.at(-1);
    expect(failed?.pending).toMatchObject({ delivery: 'failed', refusal: reason });
    session.retry(failed?.id ?? 0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
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

  it('sends files alone, shows them at once with upload progress, and retries with the same files', async () => {
    const { session, send } = setup();
    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    send.mockImplementationOnce(async (content: string) =>
      message(60, {
        senderId: ME,
        content,
        attachments: [
          { id: 9, type: 'image', url: '/api/chat-attachments/9', fileName: 'a.png', size: 3 },
          { id: 10, type: 'file', url: '/api/chat-attachments/10', fileName: 'b.txt', size: 2 },
        ],
      }),
    );
    session.setLiveOpen(true);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    const file = new File(['abc'], 'a.png', { type: 'image/png' });
    const text = new File(['hi'], 'b.txt', { type: 'text/plain' });
    session.send('   ', [file, text]);
    const temp = session.getSnapshot().store.messages.at(-1);
    expect(temp?.pending?.files).toEqual([file, text]);
    expect(temp?.pending?.progress).toBe(0);
    expect(temp?.attachments).toEqual([
      expect.objectContaining({ type: 'image', fileName: 'a.png', size: 3, url: '' }),
      expect.objectContaining({ type: 'file', fileName: 'b.txt', size: 2, url: '' }),
    ]);
    // The upload's progress shows on the message being sent.
    send.mock.calls[0]?.[3]?.(0.4);
    expect(session.getSnapshot().store.messages.at(-1)?.pending?.progress).toBe(0.4);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith('', [file, text], undefined, expect.any(Function));
    expect(ids(session)).toEqual([1, 2, 3, 60]);
    expect(
      session
        .getSnapshot()
        .store.messages.at(-1)
        ?.attachments.map((a) => a.id),
    ).toEqual([9, 10]);
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

  it('toggles my reaction at once, then takes the server count; puts it back when refused', async () => {
    const history = [message(1, { reactions: [{ emoji: '👍', count: 1, users: [OTHER_USER] }] })];
    const { session, react } = setup(history);
    session.start();
    await vi.runOnlyPendingTimersAsync();
    const turningOn = session.react(1, '👍');
    expect(reactionsOf(session, 1)).toEqual([
      { emoji: '👍', count: 2, users: [OTHER_USER, ME_USER] },
    ]);
    expect(await turningOn).toBe(true);
    expect(react).toHaveBeenLastCalledWith(1, '👍', true);
    // Pressed again: off.
    await session.react(1, '👍');
    expect(react).toHaveBeenLastCalledWith(1, '👍', false);
    expect(reactionsOf(session, 1)).toEqual([]);
    react.mockRejectedValueOnce(new Error('offline'));
    const refused = session.react(1, '🙏');
    expect(reactionsOf(session, 1)).toEqual([{ emoji: '🙏', count: 1, users: [ME_USER] }]);
    expect(await refused).toBe(false);
    expect(reactionsOf(session, 1)).toEqual([]);
    // Someone else's reaction arrives live.
    session.handleEvent({
      type: 'CHAT_REACTIONS_CHANGED',
      chatRoomId: 4,
      messageId: 1,
      reactions: [{ emoji: '😮', count: 1, users: [OTHER_USER] }],
    });
    expect(reactionsOf(session, 1)?.map((reaction) => reaction.emoji)).toEqual(['😮']);
    session.dispose();
  });
});

/** A room of messages 1..total answered like the server: newest, older, newer, around. */
function pastSetup(total: number, focusMessageId: number | undefined) {
  const all = messages(1, total);
  const slice = (from: number, to: number) => all.filter((m) => m.id >= from && m.id <= to);
  const fetchNewest = vi.fn(async (size: number) =>
    page([...all].reverse().slice(0, size), all.length),
  );
  const fetchNewer = vi.fn(async (afterId: number, size: number) => {
    const newer = all.filter((m) => m.id > afterId);
    return { ...page(newer.slice(0, size), newer.length), hasNewer: newer.length > size };
  });
  const fetchAround = vi.fn(async (messageId: number, size: number) => {
    if (messageId > all.length) throw new ApiError(404, 'CHAT_MESSAGE_NOT_FOUND', '없음');
    const from = Math.max(1, messageId - Math.floor(size / 2));
    const to = Math.min(all.length, from + size - 1);
    return {
      ...page(slice(from, to), to),
      hasOlder: from > 1,
      hasNewer: to < all.length,
    };
  });
  const fetchOlder = vi.fn(async (beforeId: number, size: number) => {
    const older = all.filter((m) => m.id < beforeId);
    return page(older.slice(-size), older.length);
  });
  const send = vi.fn(async (content: string) => message(total + 1, { senderId: ME, content }));
  const session = new RoomSession({
    me: { id: ME, name: '김민지', imageUrl: null },
    roomId: 4,
    openedWith: { lastReadMessageId: null, unreadCount: 0 },
    fetchNewest,
    fetchOlder,
    fetchNewer,
    fetchAround,
    focusMessageId,
    send,
    remove: vi.fn(async () => undefined),
    edit: vi.fn(async (id: number) => message(id)),
    react: vi.fn(async (messageId: number) => ({ chatRoomId: 4, messageId, reactions: [] })),
  });
  return { session, all, fetchNewest, fetchOlder, fetchNewer, fetchAround, send };
}

describe('RoomSession opened at an older message', () => {
  it('loads the window around it, then newer pages until the newest, then live ones', async () => {
    const { session, fetchNewest, fetchNewer } = pastSetup(300, 40);
    session.setLiveOpen(true);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNewest).not.toHaveBeenCalled();
    const state = session.getSnapshot();
    expect(state.focus).toEqual({ messageId: 40, found: true });
    expect(state.newerOnServer).toBe(true);
    expect(ids(session)).toEqual(messages(1, 100).map((m) => m.id));
    expect(state.store.visibleCount).toBe(100);
    // A live message while the window is in the past is not put after it.
    session.handleEvent(newMessageEvent(301));
    expect(ids(session).at(-1)).toBe(100);
    await session.loadNewer();
    expect(fetchNewer).toHaveBeenLastCalledWith(100, 50, expect.anything());
    expect(ids(session).at(-1)).toBe(150);
    expect(session.getSnapshot().newerOnServer).toBe(true);
    for (let i = 0; i < 3; i += 1) await session.loadNewer();
    expect(ids(session).at(-1)).toBe(300);
    expect(session.getSnapshot().newerOnServer).toBe(false);
    expect(session.getSnapshot().store.visibleCount).toBe(300);
    // At the newest, live messages are added again.
    session.handleEvent(newMessageEvent(302));
    expect(ids(session).at(-1)).toBe(302);
    session.dispose();
  });

  it('jumps to the newest window, and a send from the past goes there too', async () => {
    const { session, fetchNewest } = pastSetup(300, 40);
    session.setLiveOpen(true);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    await session.jumpToLatest();
    expect(fetchNewest).toHaveBeenCalledTimes(1);
    expect(ids(session).at(-1)).toBe(300);
    expect(ids(session)[0]).toBe(201);
    expect(session.getSnapshot().newerOnServer).toBe(false);

    const past = pastSetup(300, 40);
    past.session.setLiveOpen(true);
    past.session.start();
    await vi.advanceTimersByTimeAsync(0);
    past.session.send('지금 보낸 글');
    await vi.advanceTimersByTimeAsync(0);
    expect(past.fetchNewest).toHaveBeenCalledTimes(1);
    expect(ids(past.session).slice(-2)).toEqual([300, 301]);
    expect(past.session.getSnapshot().newerOnServer).toBe(false);
    past.session.dispose();
    session.dispose();
  });

  it('scrolls back through more than the 1000 kept: the newest give way and come back', async () => {
    const { session, fetchOlder } = pastSetup(3_000, undefined);
    session.setLiveOpen(true);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    // 100 shown, then 18 pages of 50 make 1000; the 19th slides the window back.
    for (let i = 0; i < 18; i += 1) await session.loadOlder();
    expect(ids(session)[0]).toBe(2_001);
    expect(session.getSnapshot().newerOnServer).toBe(false);
    await session.loadOlder();
    expect(fetchOlder).toHaveBeenLastCalledWith(2_001, 50, expect.anything());
    expect(ids(session)[0]).toBe(1_951);
    expect(ids(session).at(-1)).toBe(2_950);
    expect(session.getSnapshot().newerOnServer).toBe(true);
    // A live message waits, as in any older window.
    session.handleEvent(newMessageEvent(3_001));
    expect(ids(session).at(-1)).toBe(2_950);
    // Back down: newer pages until the newest, the oldest giving way in turn.
    await session.loadNewer();
    expect(ids(session)[0]).toBe(2_001);
    expect(ids(session).at(-1)).toBe(3_000);
    expect(session.getSnapshot().newerOnServer).toBe(false);
    expect(session.getSnapshot().store.olderOnServer).toBe(2_000);
    session.dispose();
  });

  it('falls back to the newest window when the room does not hold the message', async () => {
    const { session, fetchNewest } = pastSetup(30, 999);
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNewest).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().focus).toEqual({ messageId: 999, found: false });
    expect(ids(session).at(-1)).toBe(30);
    session.dispose();
  });
});
