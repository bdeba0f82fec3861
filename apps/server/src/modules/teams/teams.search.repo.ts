import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema';
import { nameScore } from '../../platform/search/name-rank';
import { nameMatches } from '../../platform/search/search-text';
import {
  filtersContent,
  NO_RESULTS,
  searchedTeams,
  type SearchCandidate,
  type SearchSource,
} from '../../platform/search/search-source';

/** Below every match of the name (name-rank.ts: 1 to 3): a team found by its description. */
const DESCRIPTION_SCORE = 0.5;

/**
 * Teams the caller is in (the owner: every team) by name or its initials, or by their description:
 * every word in the name or the description (a word in each counts too), ranked below the names.
 * The description is the snippet, its words marked.
 */
export const teamSearch: SearchSource = {
  kind: 'team',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0 || filtersContent(scope)) return NO_RESULTS;
    const rows = await db
      .select({
        id: teams.id,
        name: teams.name,
        description: teams.description,
        createdAt: teams.createdAt,
      })
      .from(teams)
      .where(inArray(teams.id, teamIds));
    const found: SearchCandidate[] = [];
    for (const row of rows) {
      const score =
        nameScore(row.name, terms) ??
        (row.description &&
        nameMatches(`${row.name} ${row.description}`, { ...terms, initials: null })
          ? DESCRIPTION_SCORE
          : null);
      if (score === null) continue;
      found.push({
        id: row.id,
        title: row.name,
        text: row.description ?? '',
        context: null,
        createdAt: row.createdAt,
        target: { teamId: row.id },
        score,
      });
    }
    found.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title, 'ko'));
    return { total: found.length, capped: false, partial: false, rows: found.slice(0, limit) };
  },
};
