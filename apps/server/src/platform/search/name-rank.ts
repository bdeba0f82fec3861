import type { SearchTerms } from './search-source';
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
