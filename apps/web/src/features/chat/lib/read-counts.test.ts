import { describe, expect, it } from 'vitest';
import type { ChatReadPointers } from '@teamup/contracts/chat';
import { movePointer, readCounter, unreadReaders } from './read-counts';

const room: ChatReadPointers = {
  chatRoomId: 1,
  pointers: [
    { userId: 1, lastReadMessageId: 30 },
    { userId: 2, lastReadMessageId: 10 },
    { userId: 3, lastReadMessageId: null },
    { userId: 4, lastReadMessageId: 20 },
  ],
};

describe('read counts', () => {
  it('counts the members besides the sender who have not reached a message', () => {
    const counter = readCounter(room)!;
    // Message 30 by user 1: users 2, 3 and 4 are behind it.
    expect(unreadReaders(counter, { id: 30, senderId: 1 })).toBe(3);
    // Message 20 by user 4 (who read it): users 2 and 3.
    expect(unreadReaders(counter, { id: 20, senderId: 4 })).toBe(2);
    // Message 10: only user 3 (never opened); sender 2 is at 10.
    expect(unreadReaders(counter, { id: 10, senderId: 2 })).toBe(1);
    // A sender whose pointer is still behind (a stale copy) is not counted as a reader to wait for.
    expect(unreadReaders(counter, { id: 40, senderId: 2 })).toBe(3);
    // A sender who has left the room: every member behind counts.
    expect(unreadReaders(counter, { id: 40, senderId: 99 })).toBe(4);
  });

  it('falls as pointers move forward, and never moves one back', () => {
    let data = movePointer(room, 3, 25);
    let counter = readCounter(data)!;
    expect(unreadReaders(counter, { id: 20, senderId: 4 })).toBe(1);
    expect(unreadReaders(counter, { id: 30, senderId: 1 })).toBe(3);
    data = movePointer(data, 2, 30);
    data = movePointer(data, 4, 30);
    data = movePointer(data, 3, 30);
    counter = readCounter(data)!;
    expect(unreadReaders(counter, { id: 30, senderId: 1 })).toBe(0);
    expect(movePointer(data, 2, 5)).toBe(data);
    expect(movePointer(data, 77, 50)).toBe(data);
  });

  it('has nothing to count before the pointers arrive', () => {
    expect(readCounter(undefined)).toBeNull();
  });
});
