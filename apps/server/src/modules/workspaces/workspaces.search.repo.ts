import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers, users, workspaceMembers } from '../../db/schema';
import { rankByName } from '../../platform/search/name-rank';
import { filtersContent, NO_RESULTS, type SearchSource } from '../../platform/search/search-source';

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
    return rankByName(rows, terms, limit, (row) => ({
      id: row.id,
      createdAt: row.joinedAt,
      target: { userId: row.id },
    }));
  },
};
