import { describe, expect, it } from 'vitest';
import {
  findHighlights,
  initialsOf,
  nameHighlights,
  nameMatches,
  prepareTerms,
  snippetOf,
  stemOf,
} from './search-text';

describe('search text', () => {
  it('splits a query into lower-case words and keeps initials aside', () => {
    expect(prepareTerms('  API  설계 ')).toEqual({
      raw: 'API  설계',
      whole: 'API 설계',
      words: ['api', '설계'],
      phrases: [],
      initials: null,
      room: null,
    });
    expect(prepareTerms('회의 회의록').words).toEqual(['회의록']);
    expect(prepareTerms('ㄱㅁ ㅈ').initials).toBe('ㄱㅁㅈ');
    expect(prepareTerms('ㄱ김').initials).toBeNull();
  });

  it('takes a particle off the end of a word, the stem at least two characters', () => {
    expect(prepareTerms('회의를').words).toEqual(['회의']);
    expect(prepareTerms('회의를 준비').words).toEqual(['회의', '준비']);
    for (const [word, stem] of [
      ['회의록을', '회의록'],
      ['회의실에서', '회의실'],
      ['프로젝트에도', '프로젝트'],
      ['서울로', '서울'],
      ['디자인팀까지', '디자인팀'],
      ['개발자는', '개발자'],
      ['일정과', '일정'],
      ['API를', 'API'],
      ['회의실에서는', '회의실'],
    ] as const) {
      expect(stemOf(word), word).toBe(stem);
    }
    // A particle that does not fit the stem's last sound, or would leave one syllable: no particle.
    for (const word of [
      '사과',
      '마을',
      '나이',
      '휴가',
      '작곡가',
      '회의',
      '주간회의',
      '정도',
      '미로',
      '팀을',
    ]) {
      expect(stemOf(word), word).toBe(word);
    }
    // The query as typed still ranks an exact 회의를 first (whole), the word finds both.
    expect(prepareTerms('회의를')).toMatchObject({ whole: '회의를', words: ['회의'] });
  });

  it('keeps a quoted phrase whole: its words adjacent, no particle taken off', () => {
    expect(prepareTerms('"주간 회의록"')).toMatchObject({
      whole: '주간 회의록',
      words: ['주간회의록'],
      phrases: ['주간회의록'],
    });
    expect(prepareTerms('“주간 회의록” 공유를')).toMatchObject({
      words: ['주간회의록', '공유'],
      phrases: ['주간회의록'],
    });
    expect(prepareTerms('"회의를"').words).toEqual(['회의를']);
    // An unclosed quote runs to the end; no quotation mark is ever a word.
    expect(prepareTerms('"주간 회의').words).toEqual(['주간회의']);
    expect(prepareTerms('""').words).toEqual([]);
    // Unquoted, the two words are two words as before.
    expect(prepareTerms('주간 회의록')).toMatchObject({ words: ['주간', '회의록'], phrases: [] });
  });

  it('takes in:방이름 out of the words as the room to search in', () => {
    expect(prepareTerms('회의록 in:회의방')).toMatchObject({
      room: '회의방',
      words: ['회의록'],
      whole: '회의록',
    });
    expect(prepareTerms('in:"주간 회의방" 링크')).toMatchObject({
      room: '주간 회의방',
      words: ['링크'],
    });
    expect(prepareTerms('IN:회의방').words).toEqual([]);
    // Only as its own word: a word holding "in:" is a word.
    expect(prepareTerms('login:실패')).toMatchObject({ room: null, words: ['login:실패'] });
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
