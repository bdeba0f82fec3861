import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schedules, teams } from '../../db/schema';
import {
  matchesAll,
  rankedSearch,
  scoreOf,
  withinFilters,
} from '../../platform/search/search-sql.repo';
import { NO_RESULTS, searchedTeams, type SearchSource } from '../../platform/search/search-source';

// The expression the trigram and bigram indexes of migrations 0020 and 0023 are built on.
const scheduleText = sql`${schedules.title} || ' ' || coalesce(${schedules.description}, '')`;

/** Schedules by title and description; recency is the schedule's start, not its writing. */
export const scheduleSearch: SearchSource = {
  kind: 'schedule',
  async search(db: Db, scope, terms, limit) {
    const teamIds = searchedTeams(scope);
    if (teamIds.length === 0) return NO_RESULTS;
    const score = scoreOf(
      scheduleText,
      sql`${schedules.title}`,
      sql`${schedules.startsAt}`,
      terms,
      scope.now,
    );
    const { total, capped, rows } = await rankedSearch(db, {
      limit,
      hits: (_extra, count, ordered) =>
        db
          .select({ id: schedules.id, score })
          .from(schedules)
          .where(
            and(
              inArray(schedules.teamId, teamIds),
              matchesAll(scheduleText, terms, 'indexed'),
              withinFilters(scope, { person: schedules.creatorId, createdAt: schedules.createdAt }),
            ),
          )
          .orderBy(...(ordered ? [desc(sql`score`), desc(schedules.id)] : []))
          .limit(count),
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
