import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schedules, teams } from '../../db/schema';
import { rankedSearch, withinFilters } from '../../platform/search/search-sql.repo';
import { NO_RESULTS, searchedTeams, type SearchSource } from '../../platform/search/search-source';

// The expression the trigram and bigram indexes of migrations 0020 and 0023 are built on.
const scheduleText = sql`${schedules.title} || ' ' || coalesce(${schedules.description}, '')`;

/** Schedules by title and description; recency is the schedule's start, not its writing. */
export const scheduleSearch: SearchSource = {
  kind: 'schedule',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0) return NO_RESULTS;
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: schedules.id,
      text: scheduleText,
      indexed: 'indexed',
      title: sql`${schedules.title}`,
      createdAt: sql`${schedules.startsAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(schedules)
          .where(
            and(
              inArray(schedules.teamId, teamIds),
              withinFilters(scope, { person: schedules.creatorId, createdAt: schedules.createdAt }),
              where,
            ),
          ),
      rows: (ids) =>
        db
          .select({ row: schedules, teamName: teams.name })
          .from(schedules)
          .innerJoin(teams, eq(teams.id, schedules.teamId))
          .where(inArray(schedules.id, ids)),
      idOf: ({ row }) => row.id,
      // Not newest first: a schedule's recency is its start, not the order it was written in.
    });
    return {
      total,
      capped,
      partial,
      rows: rows.map(({ row: { row, teamName }, score: value }) => ({
        id: row.id,
        title: row.title,
        text: row.description ?? row.title,
        context: teamName,
        createdAt: row.startsAt,
        target: { teamId: row.teamId, scheduleId: row.id },
        score: value,
      })),
    };
  },
};
