import { describe, expect, it } from 'vitest';
import {
  mentionQueryAt,
  messageParts,
  plainText,
  safeHref,
  withMentionTokens,
} from './message-text';

const names = new Map([
  [3, '김민지'],
  [4, '김민'],
]);
const nameOf = (id: number) => names.get(id);

describe('message text', () => {
  it('finds http and https links, leaves sentence punctuation out', () => {
    expect(messageParts('자료: https://example.com/a?b=1. 확인!')).toEqual([
      { kind: 'text', text: '자료: ' },
      { kind: 'link', href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. 확인!' },
    ]);
    expect(messageParts('(http://ko.wikipedia.org/wiki/A_(B))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        href: 'http://ko.wikipedia.org/wiki/A_(B)',
        text: 'http://ko.wikipedia.org/wiki/A_(B)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never makes a link of another scheme', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://a.kr/f']) {
      expect(messageParts(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
  });

  it('reads mention tokens with today’s names', () => {
    expect(messageParts('<@3> 확인 <@all>')).toEqual([
      { kind: 'mention', target: 3 },
      { kind: 'text', text: ' 확인 ' },
      { kind: 'mention', target: 'all' },
    ]);
    expect(plainText('<@3> 와 <@4>, <@9> <@here>', nameOf)).toBe(
      '@김민지 와 @김민, @알 수 없는 사용자 @here',
    );
  });

  it('turns picked mentions into tokens, longest name first', () => {
    const picked = [
      { target: 4, name: '김민' },
      { target: 3, name: '김민지' },
      { target: 'all' as const, name: 'all' },
    ];
    expect(withMentionTokens('@김민지 @김민 @all 봐주세요 @박서연', picked)).toBe(
      '<@3> <@4> <@all> 봐주세요 @박서연',
    );
  });

  it('knows the mention being typed at the cursor', () => {
    expect(mentionQueryAt('안녕 @김', 5)).toEqual({ query: '김', start: 3 });
    expect(mentionQueryAt('@', 1)).toEqual({ query: '', start: 0 });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('@김민 ', 4)).toBeNull();
  });
});
