import { describe, expect, it } from 'vitest';
import {
  findHighlights,
  initialsOf,
  nameHighlights,
  nameMatches,
  prepareTerms,
  snippetOf,
} from './search-text';

describe('search text', () => {
  it('splits a query into lower-case words and keeps initials aside', () => {
    expect(prepareTerms('  API  설계 ')).toEqual({
      raw: 'API  설계',
      words: ['api', '설계'],
      initials: null,
    });
    expect(prepareTerms('회의 회의록').words).toEqual(['회의록']);
    expect(prepareTerms('ㄱㅁ ㅈ').initials).toBe('ㄱㅁㅈ');
    expect(prepareTerms('ㄱ김').initials).toBeNull();
  });

  it('takes the initial consonant of each syllable', () => {
    expect(initialsOf('김민지')).toBe('ㄱㅁㅈ');
    expect(initialsOf('뚱땅 A')).toBe('ㄸㄸ A');
  });

  it('matches names by words or initials, ignoring spaces', () => {
    expect(nameMatches('김민지', prepareTerms('ㄱㅁㅈ'))).toBe(true);
    expect(nameMatches('김 민지', prepareTerms('ㅁㅈ'))).toBe(true);
    expect(nameMatches('김민지', prepareTerms('ㅁㄱ'))).toBe(false);
    expect(nameMatches('Design 팀', prepareTerms('design팀'))).toBe(true);
    expect(nameHighlights('이 도윤', prepareTerms('ㄷㅇ'))).toEqual([{ start: 2, end: 4 }]);
  });

  it('highlights across spaces the query left out, merged and in order', () => {
    expect(findHighlights('주간 회의와 회의록', ['주간회의', '회의록'])).toEqual([
      { start: 0, end: 5 },
      { start: 7, end: 10 },
    ]);
    expect(findHighlights('API api', ['api'])).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
    ]);
  });

  it('cuts a snippet around the first match and moves the highlights with it', () => {
    const text = `${'가'.repeat(100)}회의록${'나'.repeat(200)}`;
    const { snippet, highlights } = snippetOf(text, findHighlights(text, ['회의록']));
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    const [range] = highlights;
    expect(range && snippet.slice(range.start, range.end)).toBe('회의록');
    expect(snippetOf('한 줄\n두 줄', []).snippet).toBe('한 줄 두 줄');
  });
});
