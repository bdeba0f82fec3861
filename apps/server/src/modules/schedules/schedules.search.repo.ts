import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schedules, teams } from '../../db/schema';
import {
  matchesAll,
  scoreOf,
  totalOver,
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
    const rows = await db
      .select({ row: schedules, teamName: teams.name, score, total: totalOver() })
      .from(schedules)
      .innerJoin(teams, eq(teams.id, schedules.teamId))
      .where(
        and(
          inArray(schedules.teamId, teamIds),
          matchesAll(scheduleText, terms, 'indexed'),
          withinFilters(scope, { person: schedules.creatorId, createdAt: schedules.createdAt }),
        ),
      )
      .orderBy(desc(sql`score`), desc(schedules.id))
      .limit(limit);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map(({ row, teamName, score: value }) => ({
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
