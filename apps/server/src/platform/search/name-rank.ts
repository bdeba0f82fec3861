import type { SearchCandidate, SearchSourceAnswer, SearchTerms } from './search-source';
import { nameMatches } from './search-text';

/**
 * Names (people, teams) are few per workspace: they are matched here rather than in SQL, which
 * lets initials (ㄱㅁㅈ → 김민지) match the same way on both databases. Score: 3 for the whole
 * name, 2 for its start, 1 for anywhere; nothing when it does not match.
 */
export function nameScore(name: string, terms: SearchTerms): number | null {
  if (!nameMatches(name, terms)) return null;
  const compact = name.replace(/\s+/gu, '').toLowerCase();
  const query = terms.initials ?? terms.words.join('');
  if (compact === query) return 3;
  if (compact.startsWith(query)) return 2;
  return 1;
}

/**
 * A source's answer from named things matched by `nameScore`: best score first, then by name
 * (Korean order), at most `limit`; every match counted, none capped.
 */
export function rankByName<T extends { name: string }>(
  rows: readonly T[],
  terms: SearchTerms,
  limit: number,
  toCandidate: (row: T) => Omit<SearchCandidate, 'title' | 'text' | 'context' | 'score'>,
): SearchSourceAnswer {
  const found: SearchCandidate[] = [];
  for (const row of rows) {
    const score = nameScore(row.name, terms);
    if (score === null) continue;
    found.push({ ...toCandidate(row), title: row.name, text: '', context: null, score });
  }
  found.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title, 'ko'));
  return { total: found.length, capped: false, partial: false, rows: found.slice(0, limit) };
}
