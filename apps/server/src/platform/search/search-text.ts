import type { SearchHighlight } from '@teamup/contracts/search';
import type { SearchTerms } from './search-source';

/** Most words a query is matched by (the rest are ignored). */
const MAX_WORDS = 8;

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The 19 initial consonants, in the order Unicode composes syllables with them. */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const INITIAL_SET = new Set(INITIALS);

function isSpace(char: string): boolean {
  return /\s/u.test(char);
}

/** Splits, lower-cases and dedupes the query's words; a query of initials is kept aside. */
export function prepareTerms(query: string): SearchTerms {
  const raw = query.trim();
  const seen = new Set<string>();
  for (const word of raw.toLowerCase().split(/\s+/u)) {
    if (word && !seen.has(word)) seen.add(word);
  }
  // A word contained in another adds nothing ("회의 회의록"): keep the longer.
  const words = [...seen]
    .filter((word) => ![...seen].some((other) => other !== word && other.includes(word)))
    .slice(0, MAX_WORDS);
  const compact = [...raw].filter((char) => !isSpace(char)).join('');
  const initials = compact && [...compact].every((char) => INITIAL_SET.has(char)) ? compact : null;
  return { raw, words, initials };
}

/** The initial consonant of each Hangul syllable; other characters as they are. */
export function initialsOf(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out +=
      code >= HANGUL_FIRST && code <= HANGUL_LAST
        ? INITIALS.charAt(Math.floor((code - HANGUL_FIRST) / 588))
        : char;
  }
  return out;
}

/** The text without spaces, lower-case, and where each of its characters came from. */
function compactWithMap(text: string): { compact: string; origin: number[] } {
  let compact = '';
  const origin: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (isSpace(char)) continue;
    const lower = char.toLowerCase();
    // Lower-casing never changes the length of the letters people type here; if it does, keep it.
    const kept = lower.length === 1 ? lower : char;
    compact += kept;
    origin.push(index);
  }
  return { compact, origin };
}

/**
 * Where the words occur in `text`, spaces inside the text ignored (the way the database matches),
 * as sorted, merged [start, end) ranges of the original text.
 */
export function findHighlights(text: string, words: readonly string[]): SearchHighlight[] {
  const { compact, origin } = compactWithMap(text);
  const ranges: SearchHighlight[] = [];
  for (const word of words) {
    const needle = [...word].filter((char) => !isSpace(char)).join('');
    if (!needle) continue;
    for (let at = compact.indexOf(needle); at !== -1; at = compact.indexOf(needle, at + 1)) {
      const start = origin[at] ?? 0;
      const end = (origin[at + needle.length - 1] ?? start) + 1;
      ranges.push({ start, end });
    }
  }
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: SearchHighlight[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** Whether a name matches: every word inside it (spaces ignored), or its initials (ㄱㅁㅈ). */
export function nameMatches(name: string, terms: SearchTerms): boolean {
  if (terms.initials) return initialsOf(name.replace(/\s+/gu, '')).includes(terms.initials);
  const compact = compactWithMap(name).compact;
  return terms.words.every((word) => compact.includes(word));
}

/** Highlights in a name: the words, or the syllables whose initials matched. */
export function nameHighlights(name: string, terms: SearchTerms): SearchHighlight[] {
  if (!terms.initials) return findHighlights(name, terms.words);
  const { compact, origin } = compactWithMap(name);
  const at = initialsOf(compact).indexOf(terms.initials);
  if (at === -1) return [];
  const start = origin[at] ?? 0;
  return [{ start, end: (origin[at + terms.initials.length - 1] ?? start) + 1 }];
}

/** How many characters a snippet keeps. */
const SNIPPET_LENGTH = 140;
const SNIPPET_LEAD = 30;

/**
 * A stretch of `text` around its first match, one line, with the highlights inside it moved to
 * its offsets. Leading and trailing cuts are marked with an ellipsis.
 */
export function snippetOf(
  text: string,
  highlights: readonly SearchHighlight[],
): { snippet: string; highlights: SearchHighlight[] } {
  const first = highlights[0];
  let start = first ? Math.max(0, first.start - SNIPPET_LEAD) : 0;
  // Never cut a surrogate pair in two.
  if (start > 0 && /[\uDC00-\uDFFF]/u.test(text.charAt(start))) start -= 1;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length && /[\uDC00-\uDFFF]/u.test(text.charAt(end))) end += 1;
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  // Line breaks become spaces: the same length, so offsets hold.
  const body = text.slice(start, end).replace(/[\r\n\t]/gu, ' ');
  const shift = prefix.length - start;
  const inside = highlights
    .filter((range) => range.start >= start && range.start < end)
    .map((range) => ({ start: range.start + shift, end: Math.min(range.end, end) + shift }));
  return { snippet: prefix + body + suffix, highlights: inside };
}
