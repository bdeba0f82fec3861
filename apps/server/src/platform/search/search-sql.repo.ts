import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SearchScope, SearchTerms } from './search-source';

/**
 * The SQL every search source shares (decision 0020). Matching is substring matching, ILIKE, on
 * the text without its spaces (`search_compact`, migration 0020) for words of three characters
 * or more, so particles, partial words and a missing space all match, on PGlite and PostgreSQL
 * alike; the trigram GIN indexes of 0020 (and for two-character words the bigram indexes of
 * 0023) on the same expressions make them fast. `text` passed here must be the very expression
 * its table's indexes are built on.
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
 * title, plus up to 1 for being recent (1 now, ½ a month ago, ⅓ two months ago).
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
    + 1.0 / (1.0 + GREATEST(extract(epoch FROM (${now.toISOString()}::timestamptz - ${createdAt})), 0) / ${RECENCY_SECONDS}::float8)
  )::float8`
    .mapWith(Number)
    .as('score');
}

/** Every match's count beside each row answered (one statement for rows and total). */
export function totalOver(): SQL.Aliased<number> {
  return sql<number>`(count(*) OVER ())::int`.mapWith(Number).as('total');
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
