import { describe, expect, it } from 'vitest';
import { ME, message, messages } from '../test/fixtures';
import { openStore } from './message-store';
import { findFirstUnreadId } from './unread';

const loaded = openStore(
  [
    ...messages(1, 3),
    message(4, { senderId: ME }),
    message(5, { deleted: true, content: '' }),
    ...messages(6, 3),
  ],
  8,
).messages;

describe('findFirstUnreadId', () => {
  it('puts the divider at the first message from someone else after the last one read', () => {
    expect(findFirstUnreadId(loaded, 3, ME, 3)).toBe(6);
    expect(findFirstUnreadId(loaded, 1, ME, 5)).toBe(2);
  });

  it('skips my own messages and deleted ones', () => {
    expect(findFirstUnreadId(loaded, 3, ME, 1)).toBe(6);
  });

  it('counts everything from others as unread when nothing was ever read', () => {
    expect(findFirstUnreadId(loaded, null, ME, 6)).toBe(1);
  });

  it('has no divider when nothing was unread when the room opened', () => {
    expect(findFirstUnreadId(loaded, 3, ME, 0)).toBeNull();
    expect(findFirstUnreadId(loaded, 8, ME, 2)).toBeNull();
  });
});
