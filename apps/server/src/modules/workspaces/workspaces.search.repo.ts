import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers, users, workspaceMembers } from '../../db/schema';
import { nameScore } from '../../platform/search/name-rank';
import {
  filtersContent,
  NO_RESULTS,
  type SearchCandidate,
  type SearchSource,
} from '../../platform/search/search-source';

/**
 * The workspace's members by name or its initials (ㄱㅁㅈ finds 김민지); with a team filter, that
 * team's members. Only workspace members are ever answered.
 */
export const personSearch: SearchSource = {
  kind: 'person',
  async search(db: Db, scope, terms, limit) {
    if (filtersContent(scope)) return NO_RESULTS;
    const base = db
      .select({ id: users.id, name: users.name, joinedAt: workspaceMembers.joinedAt })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId));
    const rows =
      scope.teamFilter === null
        ? await base.where(eq(workspaceMembers.workspaceId, scope.workspaceId))
        : await base.where(
            and(
              eq(workspaceMembers.workspaceId, scope.workspaceId),
              inArray(
                workspaceMembers.userId,
                db
                  .select({ userId: teamMembers.userId })
                  .from(teamMembers)
                  .where(eq(teamMembers.teamId, scope.teamFilter)),
              ),
            ),
          );
    const found: SearchCandidate[] = [];
    for (const row of rows) {
      const score = nameScore(row.name, terms);
      if (score === null) continue;
      found.push({
        id: row.id,
        title: row.name,
        text: '',
        context: null,
        createdAt: row.joinedAt,
        target: { userId: row.id },
        score,
      });
    }
    found.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title, 'ko'));
    return { total: found.length, capped: false, partial: false, rows: found.slice(0, limit) };
  },
};
