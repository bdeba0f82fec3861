import { and, gte, inArray, lt, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SearchLimits } from '@teamup/contracts/search';
import type { Db } from '../../db/client';
import type { SearchScope, SearchTerms } from './search-source';

/**
 * The SQL every search source shares (decision 0020). Matching is substring matching, ILIKE, on
 * the text without its spaces (`search_compact`, migration 0020; without a regular expression
 * since 0024) for words of three characters or more, so particles, partial words and a missing
 * space all match, on PGlite and PostgreSQL alike. Since decision 0033 the candidates come from
 * the bigram indexes of 0023 alone and the check runs on a budget (`rankedSearch`). `text` passed
 * here must be the very expression its table's indexes are built on.
 */

/** A LIKE pattern finding `value` anywhere, its wildcards taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/gu, (char) => `\\${char}`)}%`;
}

/** Words this long are matched on the spaceless text (`search_compact`). */
const TRIGRAM_LENGTH = 3;
/** Words this long are found through the bigram index (migration 0023), when the text has one. */
const BIGRAM_LENGTH = 2;

/** Whether the text a source matches has the indexes of migrations 0020 and 0023 built on it. */
export type SearchIndexed = 'indexed' | 'not indexed';

/**
 * The match as one condition, as the sources used it before decision 0033; kept for the tests
 * that check the planner can use the indexes on each source's expression (`rankedSearch` checks
 * the same words in its own statements). A word of three characters or more is looked for in
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
    if (onCompact(word, terms)) return sql`search_compact(${text}) ILIKE ${containsPattern(word)}`;
    const substring = sql`${text} ILIKE ${containsPattern(word)}`;
    return length === BIGRAM_LENGTH && indexed === 'indexed'
      ? sql`(search_bigrams(${text}) @> ARRAY[${word}]::text[] AND ${substring})`
      : substring;
  });
  return and(...conditions) ?? sql`false`;
}

/**
 * Whether a word is looked for in the spaceless text: one of three characters or more (the
 * trigram index's), and a quoted phrase whatever its length (its words adjacent, spaces aside).
 */
function onCompact(word: string, terms: SearchTerms): boolean {
  return [...word].length >= TRIGRAM_LENGTH || terms.phrases.includes(word);
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
  const phrase = containsPattern(terms.whole);
  return sql<number>`(
    (CASE WHEN ${text} ILIKE ${phrase} THEN 2 ELSE 0 END)
    + (CASE WHEN ${title} ILIKE ${phrase} THEN 1 ELSE 0 END)
    + 1.0 / (1.0 + GREATEST(date_part('epoch', ${now.toISOString()}::timestamptz - ${createdAt}), 0) / ${RECENCY_SECONDS}::float8)
  )::float8`
    .mapWith(Number)
    .as('score');
}

/**
 * What one search may cost, per source (decision 0033). Every match has to be checked on its
 * text (`search_compact`, ILIKE), and that check costs in proportion to the text: a member who
 * fills a room with long messages holding two common words made one search check thousands of
 * them, seconds of the embedded database, which answers one statement at a time for everyone.
 * So the candidates (rows the index lists under the caller's rights) are read newest first, ids
 * and sizes only, and the costly check runs on them in statements of at most `rowsPerStatement`
 * rows and `bytesPerStatement` bytes of text, until `rows` or `bytes` is spent: then the answer
 * is what was found and says so (`partial`).
 */
export interface SearchBudget {
  readonly rows: number;
  readonly bytes: number;
  readonly rowsPerStatement: number;
  readonly bytesPerStatement: number;
}

export const SEARCH_BUDGET: SearchBudget = {
  rows: 2000,
  bytes: 160 * 1024,
  rowsPerStatement: 250,
  bytesPerStatement: 32 * 1024,
};

/**
 * PostgreSQL only: the statement that lists candidates stops after this long (PGlite has no
 * timer; there the plan forced below is the bound). A backstop: the list costs a few
 * milliseconds per ten thousand candidates.
 */
const CANDIDATES_TIMEOUT_MS = 2000;
/** SQLSTATE query_canceled: the statement timeout fired. */
const QUERY_CANCELED = '57014';

/** A match as `rankedSearch` ranks it: its id and score. */
export interface SearchHit {
  readonly id: number;
  readonly score: number;
}

/** The columns `rankedSearch` asks a source's `scan` for, each aliased. */
export type ScanFields = Record<string, SQL.Aliased<unknown>>;

/** What a source passes `rankedSearch`: how to find its matches and present the best. */
export interface RankedSearch<Row> {
  /** Rows asked for (0: only count). */
  readonly limit: number;
  /** The searched table's id column: candidates are read newest (highest id) first. */
  readonly id: PgColumn;
  /** The text matched: for an indexed text, the very expression its indexes are built on. */
  readonly text: SQL;
  readonly indexed: SearchIndexed;
  /** The title (`''` for none), and the instant recency is measured from. */
  readonly title: SQL;
  readonly createdAt: SQL;
  /**
   * The rows the caller may read (their own conditions: membership, filters) and `where`,
   * selecting `fields`; no order, no limit.
   */
  readonly scan: (fields: ScanFields, where: SQL) => SQLWrapper;
  /** The rows of these matches (their ids), in any order. */
  readonly rows: (ids: number[]) => Promise<Row[]>;
  readonly idOf: (row: Row) => number;
  /**
   * For a source whose recency is its rows' writing and whose ids follow that order (a message,
   * a comment: ids are given as rows are written): the score a match of the highest relevance
   * exceeds (2 without a title: the whole query in the text; 3 with one: in the title too).
   * Then reading may stop once the page is settled (below). Without it, every candidate is
   * checked (within the budget).
   */
  readonly topRelevance?: 2 | 3;
  /** Tests only: a smaller budget. */
  readonly budget?: SearchBudget;
}

/** What `rankedSearch` answers: the count (to the cap), and the best rows with their scores. */
export interface RankedAnswer<Row> {
  readonly total: number;
  readonly capped: boolean;
  /** Whether the budget ran out first: candidates were left unchecked. */
  readonly partial: boolean;
  readonly rows: { row: Row; score: number }[];
}

/**
 * The pairs of characters every match must hold, for the bigram index of migration 0023: each
 * word of two characters or more, as `search_bigrams` cuts the spaceless lower-case text. A
 * superset of the matches (a word's text holds every pair of it).
 */
function bigramsOf(terms: SearchTerms): string[] {
  const pairs = new Set<string>();
  for (const word of terms.words) {
    const chars = [...word];
    for (let at = 0; at + 1 < chars.length; at += 1) pairs.add(`${chars[at]}${chars[at + 1]}`);
  }
  return [...pairs];
}

/**
 * A source's answer with bounded work (decision 0033, which replaces 0020's "Bounded work"):
 *
 * 1. The candidates, newest first, at most `budget.rows` + 1, ids and text sizes only: for an
 *    indexed text the rows the bigram index lists for every pair of the query's words, the
 *    caller's conditions applied to them. The index condition is alone in a materialised CTE,
 *    planned with sequential and plain index scans off: a bitmap scan of the GIN index, whose
 *    `@>` needs no recheck, so `search_bigrams` never runs on a row (with every row a
 *    candidate, the planner otherwise took a scan computing it per row: 5-7 ms a long message
 *    on PGlite). No function of the text runs here.
 * 2. The check (every word in the text; `search_compact` once a row) and the score, on batches
 *    of those candidates by id, each at most `rowsPerStatement` rows and `bytesPerStatement`
 *    bytes, newest first, until: every candidate is checked (exact count, exact ranking); or
 *    more than the cap matched and the page is settled (`limit` matches of the highest
 *    relevance, `topRelevance`: no older match can rank above them, relevance outweighing
 *    recency); or the budget is spent: `partial`, the count and page are of what was checked.
 * 3. Only the rows answered are read whole (`rows`, by id).
 */
export async function rankedSearch<Row>(
  db: Db,
  scope: SearchScope,
  terms: SearchTerms,
  search: RankedSearch<Row>,
): Promise<RankedAnswer<Row>> {
  const cap = SearchLimits.countCap;
  const budget = search.budget ?? SEARCH_BUDGET;
  const { limit } = search;
  await scope.pace();
  const listed = await candidatesOf(db, scope, terms, search, budget.rows + 1);
  if (listed === 'timed out') return { total: 0, capped: false, partial: true, rows: [] };
  const candidates = listed.slice(0, budget.rows);
  const matches: SearchHit[] = [];
  let spentBytes = 0;
  let at = 0;
  const settled = () => {
    if (matches.length <= cap) return false;
    if (limit === 0) return true;
    if (search.topRelevance === undefined || matches.length < limit) return false;
    const scores = matches.map((hit) => hit.score).sort((a, b) => b - a);
    return (scores[limit - 1] ?? 0) > search.topRelevance;
  };
  while (at < candidates.length && !settled()) {
    const batch: number[] = [];
    let batchBytes = 0;
    while (at < candidates.length && batch.length < budget.rowsPerStatement) {
      const next = candidates[at];
      if (!next) break;
      const over =
        batchBytes + next.bytes > budget.bytesPerStatement ||
        spentBytes + batchBytes + next.bytes > budget.bytes;
      // A text larger than a statement's bytes is still checked, alone.
      if (over && (batch.length > 0 || spentBytes + next.bytes > budget.bytes)) break;
      batch.push(next.id);
      batchBytes += next.bytes;
      at += 1;
    }
    if (batch.length === 0) break; // the bytes are spent
    spentBytes += batchBytes;
    await scope.pace();
    matches.push(...(await checked(db, terms, scope.now, search, batch)));
  }
  const complete = (at >= candidates.length && listed.length <= budget.rows) || settled();
  const best = matches.sort((a, b) => b.score - a.score || b.id - a.id).slice(0, limit);
  if (best.length > 0) await scope.pace();
  return {
    total: Math.min(matches.length, cap),
    capped: matches.length > cap,
    partial: !complete,
    rows: await rowsOf(search, best),
  };
}

/** Step 1 of `rankedSearch`: the candidates, newest first, with the size of their text. */
async function candidatesOf<Row>(
  db: Db,
  scope: SearchScope,
  terms: SearchTerms,
  search: RankedSearch<Row>,
  count: number,
): Promise<{ id: number; bytes: number }[] | 'timed out'> {
  const { id, text } = search;
  const fields = {
    cid: sql<number>`${id}`.as('cid'),
    cbytes: sql<number>`octet_length(${text})`.as('cbytes'),
  };
  const pairs = search.indexed === 'indexed' ? bigramsOf(terms) : [];
  const read = (rows: unknown) =>
    rowsIn<{ cid: number; cbytes: number | null }>(rows).map((row) => ({
      id: Number(row.cid),
      bytes: Number(row.cbytes ?? 0),
    }));
  if (pairs.length === 0) {
    // No pair to look up (one-character words, texts without the index): the caller's rows,
    // newest first; nothing costly is computed on them here either.
    return read(
      await db.execute(
        sql`SELECT q.cid, q.cbytes FROM (${search.scan(fields, sql`true`)}) AS q ORDER BY q.cid DESC LIMIT ${count}`,
      ),
    );
  }
  const statement = sql`WITH listed AS MATERIALIZED (
      SELECT ${id} AS id FROM ${id.table}
      WHERE search_bigrams(${text}) @> ARRAY[${sql.join(
        pairs.map((pair) => sql`${pair}`),
        sql`, `,
      )}]::text[]
    )
    SELECT q.cid, q.cbytes FROM (${search.scan(fields, sql`${id} IN (SELECT listed.id FROM listed)`)}) AS q
    ORDER BY q.cid DESC LIMIT ${count}`;
  try {
    return await db.transaction(async (tx) => {
      // For this statement only (SET LOCAL): a bitmap scan of the GIN index, never a scan that
      // would compute search_bigrams on each row (see rankedSearch, step 1).
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
      if (scope.engine === 'postgres') {
        await tx.execute(
          sql`SELECT set_config('statement_timeout', ${String(CANDIDATES_TIMEOUT_MS)}, true)`,
        );
      }
      return read(await tx.execute(statement));
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) return 'timed out';
    throw error;
  }
}

/** Step 2 of `rankedSearch`: the matches among these candidates, with their scores. */
async function checked<Row>(
  db: Db,
  terms: SearchTerms,
  now: Date,
  search: RankedSearch<Row>,
  ids: number[],
): Promise<SearchHit[]> {
  const compacted = terms.words.some((word) => onCompact(word, terms));
  const fields = {
    cid: sql<number>`${search.id}`.as('cid'),
    ctext: sql<string>`${search.text}`.as('ctext'),
    ctitle: sql<string>`${search.title}`.as('ctitle'),
    cat: sql<Date>`${search.createdAt}`.as('cat'),
  };
  const text = sql`checked.ctext`;
  // search_compact once a row, however many words need it.
  const compact = sql`checked.ccompact`;
  const conditions = terms.words.map((word) =>
    onCompact(word, terms)
      ? sql`${compact} ILIKE ${containsPattern(word)}`
      : sql`${text} ILIKE ${containsPattern(word)}`,
  );
  const score = scoreOf(text, sql`checked.ctitle`, sql`checked.cat`, terms, now);
  const rows = rowsIn<{ id: number; score: number }>(
    await db.execute(
      sql`WITH checked AS MATERIALIZED (
          SELECT q.cid, q.ctext, q.ctitle, q.cat${compacted ? sql`, search_compact(q.ctext) AS ccompact` : sql``}
          FROM (${search.scan(fields, inArray(search.id, ids))}) AS q
        )
        SELECT checked.cid AS id, ${score.sql} AS score FROM checked WHERE ${and(...conditions) ?? sql`true`}`,
    ),
  );
  return rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
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
