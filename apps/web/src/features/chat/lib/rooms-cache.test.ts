import { describe, expect, it } from 'vitest';
import { ME, message, newMessageEvent, page, room } from '../test/fixtures';
import { applyNewMessage, applyNotifyLevel, applyRead } from './rooms-cache';

describe('applyNewMessage', () => {
  const rooms = page([room({ unreadCount: 2, lastMessage: message(8) }), room({ id: 6 })]);

  it('counts a message from someone else in a room not on screen', () => {
    const { page: next, found } = applyNewMessage(rooms, newMessageEvent(9), {
      myId: ME,
      viewing: false,
    });
    expect(found).toBe(true);
    expect(next.content[0]).toMatchObject({ unreadCount: 3, lastMessage: { id: 9 } });
    expect(next.content[1]).toBe(rooms.content[1]);
  });

  it('does not count my own messages, the room on screen, or an event heard twice', () => {
    const mine = applyNewMessage(rooms, newMessageEvent(9, { senderId: ME }), {
      myId: ME,
      viewing: false,
    });
    expect(mine.page.content[0]?.unreadCount).toBe(2);
    const viewing = applyNewMessage(rooms, newMessageEvent(9), { myId: ME, viewing: true });
    expect(viewing.page.content[0]).toMatchObject({ unreadCount: 2, lastMessage: { id: 9 } });
    const again = applyNewMessage(rooms, newMessageEvent(8), { myId: ME, viewing: false });
    expect(again.page.content[0]?.unreadCount).toBe(2);
  });

  it('says when the room is not in the list', () => {
    const result = applyNewMessage(rooms, newMessageEvent(9, { chatRoomId: 99 }), {
      myId: ME,
      viewing: false,
    });
    expect(result.found).toBe(false);
    expect(result.page).toBe(rooms);
  });
});

describe('applyRead', () => {
  it('sets the count to 0 when everything up to the last message was read', () => {
    const rooms = page([room({ unreadCount: 4, lastReadMessageId: 3, lastMessage: message(8) })]);
    const result = applyRead(rooms, 4, 8);
    expect(result.exact).toBe(true);
    expect(result.page.content[0]).toMatchObject({ unreadCount: 0, lastReadMessageId: 8 });
  });

  it('says the count must be fetched again when the read stops short of the last message', () => {
    const rooms = page([room({ unreadCount: 4, lastReadMessageId: 3, lastMessage: message(8) })]);
    const result = applyRead(rooms, 4, 6);
    expect(result.exact).toBe(false);
    expect(result.page.content[0]?.lastReadMessageId).toBe(6);
  });

  it('takes the server’s count when the event carries one, even short of the last message', () => {
    const rooms = page([room({ unreadCount: 4, lastReadMessageId: 3, lastMessage: message(8) })]);
    const result = applyRead(rooms, 4, 6, 2);
    expect(result.exact).toBe(true);
    expect(result.page.content[0]).toMatchObject({ unreadCount: 2, lastReadMessageId: 6 });
  });

  it('never moves the pointer back', () => {
    const rooms = page([room({ unreadCount: 0, lastReadMessageId: 9, lastMessage: message(9) })]);
    expect(applyRead(rooms, 4, 5).page.content[0]?.lastReadMessageId).toBe(9);
  });
});

describe('applyNotifyLevel', () => {
  const rooms = page([room(), room({ id: 6, notifyLevel: 'MENTIONS' })]);

  it('sets the level of that room only, and keeps the page when nothing changed', () => {
    const muted = applyNotifyLevel(rooms, 4, 'MUTE');
    expect(muted.found).toBe(true);
    expect(muted.page.content.map((item) => item.notifyLevel)).toEqual(['MUTE', 'MENTIONS']);
    expect(muted.page.content[1]).toBe(rooms.content[1]);
    const same = applyNotifyLevel(rooms, 6, 'MENTIONS');
    expect(same.page.content[1]).toBe(rooms.content[1]);
    expect(applyNotifyLevel(rooms, 99, null).found).toBe(false);
  });
});
