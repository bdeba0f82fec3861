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

/**
 * Particles (조사) taken off the end of an unquoted word, so 회의를 finds what 회의 finds (and,
 * matching by substring, still 회의를 itself). Longest first; each says what the stem must end
 * in: a final consonant (을), a vowel (를), a vowel or ㄹ (로), or anything (에서). A stem is kept
 * at two characters or more: 사과, 나이, 미로 and 휴가 stay whole, and a stem of one syllable
 * would have no pair of characters for the index (decision 0033). 의 and 도 alone are not taken:
 * too many nouns end in them (회의, 논의, 정도, 만족도); 에도, 로도 are.
 */
type StemEnd = 'consonant' | 'vowel' | 'vowel-or-rieul' | 'any';
const PARTICLES: readonly (readonly [string, StemEnd])[] = (
  [
    ['에서부터', 'any'],
    ['에서는', 'any'],
    ['에서도', 'any'],
    ['에게는', 'any'],
    ['으로는', 'consonant'],
    ['으로도', 'consonant'],
    ['까지는', 'any'],
    ['부터는', 'any'],
    ['에서', 'any'],
    ['에게', 'any'],
    ['한테', 'any'],
    ['까지', 'any'],
    ['부터', 'any'],
    ['처럼', 'any'],
    ['으로', 'consonant'],
    ['로는', 'vowel-or-rieul'],
    ['로도', 'vowel-or-rieul'],
    ['에는', 'any'],
    ['에도', 'any'],
    ['과는', 'consonant'],
    ['와는', 'vowel'],
    ['이랑', 'consonant'],
    ['이나', 'consonant'],
    ['을', 'consonant'],
    ['를', 'vowel'],
    ['이', 'consonant'],
    ['가', 'vowel'],
    ['은', 'consonant'],
    ['는', 'vowel'],
    ['과', 'consonant'],
    ['와', 'vowel'],
    ['로', 'vowel-or-rieul'],
    ['랑', 'vowel'],
    ['에', 'any'],
    ['만', 'any'],
  ] as const
)
  .slice()
  .sort((a, b) => b[0].length - a[0].length);

/** The shortest stem a particle is taken from, in characters. */
const MIN_STEM = 2;
/** ㄹ's index among the final consonants of a composed syllable. */
const FINAL_RIEUL = 8;

/** Whether `stem`'s last character may take a particle of this kind. */
function stemEndsAs(stem: string, end: StemEnd): boolean {
  if (end === 'any') return true;
  const code = [...stem].at(-1)?.codePointAt(0) ?? 0;
  // A stem ending in a Latin letter or a digit (API를, PR을): either form is written.
  if (code < HANGUL_FIRST || code > HANGUL_LAST) return true;
  const final = (code - HANGUL_FIRST) % 28;
  if (end === 'consonant') return final !== 0;
  if (end === 'vowel') return final === 0;
  return final === 0 || final === FINAL_RIEUL;
}

/** `word` without a particle at its end (회의를 → 회의), or as it is. */
export function stemOf(word: string): string {
  for (const [particle, end] of PARTICLES) {
    if (!word.endsWith(particle)) continue;
    const stem = word.slice(0, word.length - particle.length);
    if ([...stem].length >= MIN_STEM && stemEndsAs(stem, end)) return stem;
  }
  return word;
}

/** Quotation marks that open and close a phrase: straight, and the curly ones some keyboards type. */
const QUOTE = /["\u201C\u201D]/u;
/** `in:방이름` or `in:"방 이름"`: search one room (the rest of the query is what is looked for). */
const IN_ROOM = /(?:^|\s)in:(?:["\u201C]([^"\u201D]*)["\u201D]?|(\S+))/iu;

/**
 * Splits, lower-cases and dedupes the query's words; a query of initials is kept aside.
 * A quoted stretch ("주간 회의록") is one phrase: its words adjacent and in order (spaces aside,
 * as every match ignores them), no particle taken off; an unquoted word loses its particle
 * (회의를 → 회의). `in:방이름` names a room to search in and is no word.
 */
export function prepareTerms(query: string): SearchTerms {
  const raw = query.trim();
  const inRoom = IN_ROOM.exec(raw);
  const room = inRoom ? (inRoom[1] ?? inRoom[2] ?? '').trim() || null : null;
  const rest = inRoom
    ? `${raw.slice(0, inRoom.index)} ${raw.slice(inRoom.index + inRoom[0].length)}`
    : raw;
  const seen = new Set<string>();
  const phrases = new Set<string>();
  // Even parts are outside quotes, odd ones inside (an unclosed quote runs to the end).
  rest
    .toLowerCase()
    .split(QUOTE)
    .forEach((part, index) => {
      if (index % 2 === 1) {
        const phrase = [...part].filter((char) => !isSpace(char)).join('');
        if (phrase) {
          seen.add(phrase);
          phrases.add(phrase);
        }
        return;
      }
      for (const word of part.split(/\s+/u)) if (word) seen.add(stemOf(word));
    });
  // A word contained in another adds nothing ("회의 회의록"): keep the longer.
  const words = [...seen]
    .filter((word) => ![...seen].some((other) => other !== word && other.includes(word)))
    .slice(0, MAX_WORDS);
  const whole = rest.replace(new RegExp(QUOTE.source, 'gu'), ' ').trim().replace(/\s+/gu, ' ');
  const compact = [...whole].filter((char) => !isSpace(char)).join('');
  const initials = compact && [...compact].every((char) => INITIAL_SET.has(char)) ? compact : null;
  return {
    raw,
    whole,
    words,
    phrases: words.filter((word) => phrases.has(word)),
    initials,
    room,
  };
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
