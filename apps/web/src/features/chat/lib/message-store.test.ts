import { describe, expect, it } from 'vitest';
import { ME, message, messages } from '../test/fixtures';
import {
  addTemp,
  confirmTemp,
  emptyStore,
  hiddenCount,
  markDeleted,
  mergeMessages,
  newestServerId,
  oldestServerId,
  olderStep,
  openStore,
  prependOlder,
  restoreMessage,
  setDelivery,
  visibleMessages,
  widenWindow,
  type LocalMessage,
  type MessageStore,
} from './message-store';

const now = Date.parse('2026-03-02T09:00:00.000Z');

function temp(id: number, content: string, createdAtMs = now): LocalMessage {
  return {
    ...message(0, { senderId: ME, senderName: '김민지', content }),
    id,
    sentAt: new Date(createdAtMs).toISOString(),
    pending: { delivery: 'sending', createdAtMs },
  };
}

const ids = (store: MessageStore) => store.messages.map((item) => item.id);

describe('openStore', () => {
  it('puts the newest-first page in time order and opens the window on the newest 100', () => {
    const newestFirst = messages(1, 150).reverse();
    const store = openStore(newestFirst, 400);
    expect(store.messages[0]?.id).toBe(1);
    expect(store.messages.at(-1)?.id).toBe(150);
    expect(store.visibleCount).toBe(100);
    expect(visibleMessages(store)[0]?.id).toBe(51);
    expect(store.olderOnServer).toBe(250);
  });

  it('shows everything when there are fewer than 100', () => {
    const store = openStore(messages(1, 3).reverse(), 3);
    expect(store.visibleCount).toBe(3);
    expect(store.olderOnServer).toBe(0);
  });
});

describe('mergeMessages', () => {
  it('merges by id: a duplicate is ignored and a change replaces the old copy', () => {
    const store = openStore(messages(1, 3), 3);
    const next = mergeMessages(store, [message(2, { content: '고침' }), message(2)], {
      myId: ME,
      source: 'live',
      nowMs: now,
    });
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(next.visibleCount).toBe(3);
  });

  it('keeps a deletion it knows of over an older copy of the message', () => {
    const store = markDeleted(openStore(messages(1, 3), 3), 2);
    const next = mergeMessages(store, [message(2)], { myId: ME, source: 'api', nowMs: now });
    expect(next.messages[1]).toMatchObject({ id: 2, deleted: true, content: '' });
  });

  it('keeps time order whatever order messages arrive in, and new ones extend the window', () => {
    const store = openStore(messages(1, 2), 2);
    const next = mergeMessages(store, [message(5), message(3)], {
      myId: ME,
      source: 'live',
      nowMs: now,
    });
    expect(ids(next)).toEqual([1, 2, 3, 5]);
    expect(next.visibleCount).toBe(4);
  });

  it('does not add what a resync finds below the oldest loaded message', () => {
    const store = openStore(messages(10, 3), 12);
    const next = mergeMessages(store, messages(5, 8), { myId: ME, source: 'api', nowMs: now });
    expect(ids(next)).toEqual([10, 11, 12]);
  });

  it('lets a live copy of my message replace its temporary one, whichever comes first', () => {
    const sending = addTemp(openStore(messages(1, 2), 2), temp(-1, '안녕'));
    const live = message(9, { senderId: ME, content: '안녕' });
    const viaLive = mergeMessages(sending, [live], {
      myId: ME,
      source: 'live',
      nowMs: now + 20_000,
    });
    expect(ids(viaLive)).toEqual([1, 2, 9]);
    // Then the POST answer arrives with the same id: nothing doubles.
    const answered = confirmTemp(viaLive, -1, live);
    expect(ids(answered)).toEqual([1, 2, 9]);
    expect(answered.visibleCount).toBe(3);
  });

  it('lets the POST answer replace the temporary message, then ignores the live copy', () => {
    const sending = addTemp(openStore(messages(1, 2), 2), temp(-1, '안녕'));
    const real = message(9, { senderId: ME, content: '안녕' });
    const answered = confirmTemp(sending, -1, real);
    expect(ids(answered)).toEqual([1, 2, 9]);
    expect(answered.messages.at(-1)?.pending).toBeUndefined();
    const afterLive = mergeMessages(answered, [real], { myId: ME, source: 'live', nowMs: now });
    expect(ids(afterLive)).toEqual([1, 2, 9]);
  });

  it('matches temporary messages only by the sender, content, state and time window', () => {
    // The temporary message is newer than message 9 (sent at 05:09): it stays after it.
    const sending = addTemp(emptyStore, temp(-1, '안녕'));
    const fromOther = message(9, { content: '안녕' });
    expect(
      ids(mergeMessages(sending, [fromOther], { myId: ME, source: 'live', nowMs: now })),
    ).toEqual([9, -1]);
    const mine = message(9, { senderId: ME, content: '안녕' });
    // 10 s for a resync, 30 s for a live event.
    expect(
      ids(mergeMessages(sending, [mine], { myId: ME, source: 'api', nowMs: now + 11_000 })),
    ).toEqual([9, -1]);
    expect(
      ids(mergeMessages(sending, [mine], { myId: ME, source: 'live', nowMs: now + 31_000 })),
    ).toEqual([9, -1]);
    const failed = setDelivery(sending, -1, 'failed');
    expect(ids(mergeMessages(failed, [mine], { myId: ME, source: 'live', nowMs: now }))).toEqual([
      9, -1,
    ]);
  });

  it('matches a temporary message with files only by a copy with the same files', () => {
    const file = { id: 0, type: 'file' as const, url: '', fileName: '보고서.pdf', size: 10 };
    const photo = { id: 0, type: 'image' as const, url: '', fileName: '사진.png', size: 5 };
    const sending = addTemp(emptyStore, { ...temp(-1, ''), attachments: [file, photo] });
    const textOnly = message(9, { senderId: ME, content: '' });
    expect(
      ids(mergeMessages(sending, [textOnly], { myId: ME, source: 'live', nowMs: now })),
    ).toEqual([9, -1]);
    const oneOfThem = message(9, {
      senderId: ME,
      content: '',
      attachments: [{ ...file, id: 4, url: '/api/chat-attachments/4' }],
    });
    expect(
      ids(mergeMessages(sending, [oneOfThem], { myId: ME, source: 'live', nowMs: now })),
    ).toEqual([9, -1]);
    const withFiles = message(9, {
      senderId: ME,
      content: '',
      attachments: [
        { ...file, id: 4, url: '/api/chat-attachments/4' },
        { ...photo, id: 5, url: '/api/chat-attachments/5' },
      ],
    });
    const merged = mergeMessages(sending, [withFiles], { myId: ME, source: 'live', nowMs: now });
    expect(ids(merged)).toEqual([9]);
    expect(merged.messages[0]?.attachments.map((a) => a.url)).toEqual([
      '/api/chat-attachments/4',
      '/api/chat-attachments/5',
    ]);
  });

  it('keeps at most 1000 messages per room, dropping the oldest, which load older fetches again', () => {
    const store = openStore(messages(1, 995).reverse(), 995);
    const next = mergeMessages(store, messages(996, 10), {
      myId: ME,
      source: 'live',
      nowMs: now,
    });
    expect(next.messages).toHaveLength(1000);
    expect(next.messages[0]?.id).toBe(6);
    expect(next.messages.at(-1)?.id).toBe(1005);
    expect(next.visibleCount).toBe(110);
    expect(next.olderOnServer).toBe(5);
    expect(olderStep(widenWindow(next, 1000))).toBe(5);
  });
});

describe('temporary messages', () => {
  it('shows a message being sent at once, at the end and in the window', () => {
    const store = addTemp(openStore(messages(1, 150).reverse(), 150), temp(-1, '보냄'));
    expect(store.messages.at(-1)?.id).toBe(-1);
    expect(store.visibleCount).toBe(101);
    expect(newestServerId(store)).toBe(150);
  });

  it('marks a failed send, and sending again', () => {
    const store = setDelivery(addTemp(emptyStore, temp(-1, '보냄')), -1, 'failed');
    expect(store.messages[0]?.pending?.delivery).toBe('failed');
    expect(setDelivery(store, -1, 'sending').messages[0]?.pending?.delivery).toBe('sending');
  });
});

describe('the window and load older', () => {
  it('shows hidden loaded messages 50 at a time first', () => {
    const store = openStore(messages(1, 180).reverse(), 180);
    expect(hiddenCount(store)).toBe(80);
    expect(olderStep(store)).toBe(50);
    const wider = widenWindow(store, olderStep(store));
    expect(visibleMessages(wider)[0]?.id).toBe(31);
    expect(olderStep(wider)).toBe(30);
    expect(olderStep(widenWindow(wider, 30))).toBe(0);
  });

  it('then asks the server for up to 50 older ones, before the oldest loaded id', () => {
    const store = openStore(messages(201, 100).reverse(), 300);
    expect(olderStep(store)).toBe(50);
    expect(oldestServerId(store)).toBe(201);
    const more = prependOlder(store, messages(151, 50), 150);
    expect(more.messages[0]?.id).toBe(151);
    expect(more.visibleCount).toBe(150);
    expect(more.olderOnServer).toBe(150);
    expect(olderStep(prependOlder(more, messages(131, 20), 0))).toBe(0);
  });

  it('slides back past the 1000 kept per room: the newest give way, those being sent stay', () => {
    // After every server message of the fixtures (one a minute from 05:00).
    const later = Date.parse('2026-03-02T05:00:00.000Z') + 3_000 * 60_000;
    const opened = widenWindow(openStore(messages(1001, 999).reverse(), 5000), 1000);
    const full = addTemp(opened, temp(-1, '보내는 중', later));
    expect(full.messages).toHaveLength(1000);
    expect(olderStep(full)).toBe(50);
    const slid = prependOlder(full, messages(951, 50), 950);
    expect(slid.messages).toHaveLength(1000);
    expect(slid.messages[0]?.id).toBe(951);
    expect(newestServerId(slid)).toBe(1949);
    expect(slid.messages.at(-1)?.id).toBe(-1);
    expect(slid.visibleCount).toBe(1000);
    expect(slid.olderOnServer).toBe(950);
    // Sliding forward again (the next newer page) lets the oldest go the same way.
    const forward = mergeMessages(slid, messages(1950, 50), {
      myId: ME,
      source: 'api',
      nowMs: now,
    });
    expect(forward.messages[0]?.id).toBe(1001);
    expect(newestServerId(forward)).toBe(1999);
    expect(forward.olderOnServer).toBe(1000);
  });
});

describe('deleting', () => {
  it('empties the message in place and can put it back', () => {
    const store = openStore(messages(1, 3), 3);
    const original = store.messages[1] as LocalMessage;
    const deleted = markDeleted(store, 2);
    expect(deleted.messages[1]).toMatchObject({ id: 2, deleted: true, content: '' });
    expect(ids(deleted)).toEqual([1, 2, 3]);
    expect(restoreMessage(deleted, original).messages[1]).toEqual(original);
  });
});
