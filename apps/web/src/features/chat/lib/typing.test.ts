import { describe, expect, it } from 'vitest';
import { CHAT_TYPING_SHOW_MS } from '@teamup/contracts/chat';
import { heardTyping, stillTyping, stoppedTyping, typingText } from './typing';

describe('typing text', () => {
  it('names one, two, or the first and how many more', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['지민'])).toBe('지민님이 입력 중…');
    expect(typingText(['지민', '민수'])).toBe('지민님, 민수님이 입력 중…');
    expect(typingText(['지민', '민수', '서연'])).toBe('지민님 외 2명이 입력 중…');
    expect(typingText(['지민', '민수', '서연', '지훈'])).toBe('지민님 외 3명이 입력 중…');
  });
});

describe('who is typing', () => {
  it('keeps the first heard first, renews on each event, and expires without one', () => {
    let entries = heardTyping([], { userId: 1, name: '지민' }, 0);
    entries = heardTyping(entries, { userId: 2, name: '민수' }, 1000);
    entries = heardTyping(entries, { userId: 1, name: '지민' }, 3000);
    expect(entries.map((e) => e.name)).toEqual(['지민', '민수']);
    // 민수 was last heard at 1000: gone after the show time; 지민 was renewed at 3000.
    const later = stillTyping(entries, 1000 + CHAT_TYPING_SHOW_MS);
    expect(later.map((e) => e.name)).toEqual(['지민']);
    expect(stillTyping(later, 3000 + CHAT_TYPING_SHOW_MS)).toEqual([]);
  });

  it('drops a person at once when their message arrives', () => {
    const entries = heardTyping(
      heardTyping([], { userId: 1, name: '지민' }, 0),
      {
        userId: 2,
        name: '민수',
      },
      0,
    );
    expect(stoppedTyping(entries, 1).map((e) => e.name)).toEqual(['민수']);
  });
});
