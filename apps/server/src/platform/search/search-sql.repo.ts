import { and, gt, gte, lt, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SearchLimits } from '@teamup/contracts/search';
import type { Db } from '../../db/client';
import type { SearchScope, SearchTerms } from './search-source';

/**
 * The SQL every search source shares (decision 0020). Matching is substring matching, ILIKE, on
 * the text without its spaces (`search_compact`, migration 0020; without a regular expression
 * since 0024) for words of three characters or more, so particles, partial words and a missing
 * space all match, on PGlite and PostgreSQL alike; the trigram GIN indexes of 0020 (and for
 * two-character words the bigram indexes of 0023) on the same expressions make them fast. `text`
 * passed here must be the very expression its table's indexes are built on.
 */

/** A LIKE pattern finding `value` anywhere, its wildcards taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/gu, (char) => `\\${char}`)}%`;
}

/** Words this long are matched on the spaceless text, through its trigram index. */
const TRIGRAM_LENGTH = 3;
/** Words this long are found through the bigram index (migration 0023), when the text has one. */
const BIGRAM_LENGTH = 2;

/** Whether the text a source matches has the indexes of migrations 0020 and 0023 built on it. */
export type SearchIndexed = 'indexed' | 'not indexed';

/**
 * Every word of the query inside the text. A word of three characters or more is looked for in
 * the text without its spaces (주간회의 finds 주간 회의), which the trigram index serves. A
 * shorter one (a two-syllable 회의) has no trigram; it is looked for in the text as it is
 * (the spaceless text would cost a function call per row: decision 0020), and a two-character
 * word on an indexed text is first narrowed by the bigram index of migration 0023: the rows
 * whose spaceless text holds the pair, a superset the ILIKE then checks. A one-character word
 * has no index (any row holding the character would have to be listed under it): it is a scan
 * of what the other conditions leave (decision 0020).
 *
 * `indexed`: say 'not indexed' for a text without the indexes (file names): there the bigram
 * condition would be worse than useless, a bigram array computed for every row scanned.
 */
export function matchesAll(text: SQL, terms: SearchTerms, indexed: SearchIndexed): SQL {
  const conditions = terms.words.map((word) => {
    const length = [...word].length;
    if (length >= TRIGRAM_LENGTH)
      return sql`search_compact(${text}) ILIKE ${containsPattern(word)}`;
    const substring = sql`${text} ILIKE ${containsPattern(word)}`;
    return length === BIGRAM_LENGTH && indexed === 'indexed'
      ? sql`(search_bigrams(${text}) @> ARRAY[${word}]::text[] AND ${substring})`
      : substring;
  });
  return and(...conditions) ?? sql`false`;
}

/** Thirty days, in seconds: the half-life of the recency part of the score. */
const RECENCY_SECONDS = 30 * 24 * 3600;

/**
 * Relevance blended with recency: 2 when the whole query occurs as typed, +1 when it is in the
 * title, plus up to 1 for being recent (1 now, ½ a month ago, ⅓ two months ago). The age is
 * `date_part` (double precision), not `extract` (numeric since PostgreSQL 14): a third of the
 * cost per row on PGlite (50,000 rows: 88 against 267 ms), for the same order.
 */
export function scoreOf(
  text: SQL,
  title: SQL,
  createdAt: SQL,
  terms: SearchTerms,
  now: Date,
): SQL.Aliased<number> {
  const phrase = containsPattern(terms.raw);
  return sql<number>`(
    (CASE WHEN ${text} ILIKE ${phrase} THEN 2 ELSE 0 END)
    + (CASE WHEN ${title} ILIKE ${phrase} THEN 1 ELSE 0 END)
    + 1.0 / (1.0 + GREATEST(date_part('epoch', ${now.toISOString()}::timestamptz - ${createdAt}), 0) / ${RECENCY_SECONDS}::float8)
  )::float8`
    .mapWith(Number)
    .as('score');
}

/** The window of newest ids first read, per row asked for (`rankedSearch`). */
const FIRST_WINDOW_PER_ROW = 128;
/** How much larger each next window is. */
const WINDOW_GROWTH = 4;

/** A match as `rankedSearch` ranks it: its id and score. */
export interface SearchHit {
  readonly id: number;
  readonly score: number;
}

/** What a source passes `rankedSearch`: how to find its matches and present the best. */
export interface RankedSearch<Row> {
  /** Rows asked for (0: only count). */
  readonly limit: number;
  /**
   * At most `limit` matches (id and score) with `extra` added to the conditions: when
   * `ordered`, the best, by score (higher first) then id (higher first); otherwise any.
   */
  readonly hits: (
    extra: SQL | undefined,
    limit: number,
    ordered: boolean,
  ) => SQLWrapper & PromiseLike<SearchHit[]>;
  /** The rows of these matches (their ids), in any order. */
  readonly rows: (ids: number[]) => Promise<Row[]>;
  readonly idOf: (row: Row) => number;
  /**
   * For a source whose recency is its rows' writing and whose ids follow that order (a message,
   * a comment: ids are given as rows are written): its id column, and the score a match of the
   * highest relevance exceeds (2 without a title: the whole query in the text; 3 with one: in
   * the title too). Without it, a source with more matches than the cap ranks them all.
   */
  readonly newestFirst?: { readonly id: PgColumn; readonly topRelevance: 2 | 3 };
}

/** What `rankedSearch` answers: the count (to the cap), and the best rows with their scores. */
export interface RankedAnswer<Row> {
  readonly total: number;
  readonly capped: boolean;
  readonly rows: { row: Row; score: number }[];
}

/**
 * A source's answer with bounded work (decision 0020, "Bounded work"):
 *
 * - at most `SearchLimits.countCap` + 1 matches are read (id and score), in no order, counted
 *   and the best `limit` of them kept, in one statement: with no more than the cap they are all
 *   the matches, counted exactly and ranked exactly; with more, the count is the cap and
 *   `capped` is set. Only counting (`limit` 0), nothing else is read;
 * - with more (a common word) and `newestFirst`, the best are read from the newest ids back in
 *   windows (128 ids per row asked, then 4 times larger each time) until a window holds `limit`
 *   matches and the last of them is of the highest relevance: no older match can rank above it
 *   then (relevance outweighs recency, which only falls with age), so the answer is what ranking
 *   every match gives. Failing that (many matches, few with the whole query), the last window is
 *   the whole table, as it is for a source without `newestFirst`;
 * - only the rows answered are then read whole (`rows`, by id).
 */
export async function rankedSearch<Row>(
  db: Db,
  search: RankedSearch<Row>,
): Promise<RankedAnswer<Row>> {
  const cap = SearchLimits.countCap;
  const { limit, newestFirst, hits } = search;
  if (limit === 0) {
    const [counted] = rowsIn<{ n: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS n FROM (${hits(undefined, cap + 1, false)}) AS hits`,
      ),
    );
    const found = Number(counted?.n ?? 0);
    return { total: Math.min(found, cap), capped: found > cap, rows: [] };
  }
  // The best of the first cap + 1 matches, and how many there were, in one statement.
  const firstHits = hits(undefined, cap + 1, false);
  const first = rowsIn<SearchHit & { total: number }>(
    await db.execute(
      sql`SELECT hits.id, hits.score, (count(*) OVER ())::int AS total FROM (${firstHits}) AS hits ORDER BY hits.score DESC, hits.id DESC LIMIT ${limit}`,
    ),
  ).map((hit) => ({ id: Number(hit.id), score: Number(hit.score), total: Number(hit.total) }));
  const found = first[0]?.total ?? 0;
  if (found <= cap) return { total: found, capped: false, rows: await rowsOf(search, first) };
  const capped = { total: cap, capped: true };
  if (!newestFirst) {
    return { ...capped, rows: await rowsOf(search, await hits(undefined, limit, true)) };
  }
  const { id, topRelevance } = newestFirst;
  const [newest] = rowsIn<{ id: number }>(
    await db.execute(sql`SELECT max(${id})::int AS id FROM ${id.table}`),
  );
  const maxId = Number(newest?.id ?? 0);
  for (let window = FIRST_WINDOW_PER_ROW * limit; ; window *= WINDOW_GROWTH) {
    const after = maxId - window;
    // The last window: every row.
    const best = await hits(after <= 0 ? undefined : gt(id, after), limit, true);
    const last = best[limit - 1];
    if (after <= 0 || (last && last.score > topRelevance)) {
      return { ...capped, rows: await rowsOf(search, best) };
    }
  }
}

/** The rows of a statement run with `db.execute` (both drivers answer `{ rows }`). */
function rowsIn<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** The rows of `best`, in its order, with their scores. */
async function rowsOf<Row>(search: RankedSearch<Row>, best: readonly SearchHit[]) {
  if (best.length === 0) return [];
  const byId = new Map(
    (await search.rows(best.map((hit) => hit.id))).map((row) => [search.idOf(row), row]),
  );
  return best.flatMap((hit) => {
    const row = byId.get(hit.id);
    return row === undefined ? [] : [{ row, score: hit.score }];
  });
}

/**
 * The person and date filters on a source's own columns: `person` is its author column, or for
 * a source whose person is not a column (a task's assignees) the condition naming them.
 */
export function withinFilters(
  scope: SearchScope,
  columns: { person: PgColumn | ((userId: number) => SQL); createdAt: PgColumn },
): SQL | undefined {
  const { person, createdAt } = columns;
  const personId = scope.personFilter;
  return and(
    personId === null
      ? undefined
      : typeof person === 'function'
        ? person(personId)
        : sql`${person} = ${personId}`,
    scope.from === null ? undefined : gte(createdAt, scope.from),
    scope.until === null ? undefined : lt(createdAt, scope.until),
  );
}
