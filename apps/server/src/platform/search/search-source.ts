import type { SearchKind, SearchTarget } from '@teamup/contracts/search';
import type { Db } from '../../db/client';
import type { SearchPace } from './search-gate';

/**
 * Search (decision 0020): every module that keeps searchable content contributes one source per
 * kind through its *.module.ts (`searchSources`); the search module asks each, merges and ranks.
 * A source answers only what the caller may read: that is its whole contract.
 */

/** The query, prepared once (platform/search/search-text.ts). */
export interface SearchTerms {
  /** The query as typed, trimmed. */
  readonly raw: string;
  /**
   * The query as a phrase, for ranking (the whole of it in a text ranks first): without quotation
   * marks and `in:`, single spaces.
   */
  readonly whole: string;
  /**
   * Its words, lower-case, an unquoted word without its particle (회의를 → 회의); each must
   * appear in a match (spaces inside the text are ignored). A quoted phrase is one word here,
   * without its spaces ("주간 회의록" → 주간회의록).
   */
  readonly words: readonly string[];
  /** The words that are quoted phrases: matched on the spaceless text whatever their length. */
  readonly phrases: readonly string[];
  /** When the query is only Hangul initial consonants (ㄱㅁㅈ): those, for names. */
  readonly initials: string | null;
  /** `in:방이름`: the room the query asks to search in, as typed; null when none. */
  readonly room: string | null;
}

/** Who asks, and what they may read in the workspace. */
export interface SearchScope {
  readonly workspaceId: number;
  readonly userId: number;
  /** The teams whose content the caller may read (members; the owner: every team). */
  readonly teamIds: readonly number[];
  /** Only this team's content (a filter, already within teamIds) or null. */
  readonly teamFilter: number | null;
  /**
   * Only the messages and files of these rooms (the room filter, or the rooms `in:` names, all
   * among the caller's rooms), or null. Every other kind drops out.
   */
  readonly roomFilter: readonly number[] | null;
  /** The one instant every source's recency is measured from (a stable order across sources). */
  readonly now: Date;
  /** Only what this person wrote or sent (a task: is assigned), or null. */
  readonly personFilter: number | null;
  /** Only content made in [from, until), or null for no bound. */
  readonly from: Date | null;
  readonly until: Date | null;
  /** The database underneath: PostgreSQL can time a statement out, the embedded one cannot. */
  readonly engine: 'pglite' | 'postgres';
  /** Called between two statements of a costly source: other requests go first (search-gate). */
  readonly pace: SearchPace;
}

/** One match as a source finds it; the search module presents it. */
export interface SearchCandidate {
  readonly id: number;
  readonly title: string;
  /** The text the snippet is cut from (the title when there is no other). */
  readonly text: string;
  readonly context: string | null;
  readonly createdAt: Date;
  readonly target: SearchTarget;
  /** Relevance blended with recency (search-sql.repo.ts `scoreOf`); higher is better. */
  readonly score: number;
}

export interface SearchSourceAnswer {
  /**
   * Every match the caller may read, not only the rows answered, counted up to
   * `SearchLimits.countCap` (search-sql.repo.ts `rankedSearch`).
   */
  readonly total: number;
  /** Whether there are more matches than `total` (it is the cap). */
  readonly capped: boolean;
  /**
   * Whether the search's budget ran out before every candidate was checked (decision 0033):
   * `total` and `rows` are then of the part checked.
   */
  readonly partial: boolean;
  /** The best `limit` matches, best first (none when `limit` is 0: only counted). */
  readonly rows: readonly SearchCandidate[];
}

export interface SearchSource {
  readonly kind: SearchKind;
  /**
   * Whether it answers content of chat rooms and honours `SearchScope.roomFilter` (messages, their
   * files); any other source is not asked while a room filter is on.
   */
  readonly inRooms?: true;
  search(
    db: Db,
    scope: SearchScope,
    terms: SearchTerms,
    limit: number,
  ): Promise<SearchSourceAnswer>;
}

/** A source's answer when nothing it holds may be searched. */
export const NO_RESULTS: SearchSourceAnswer = { total: 0, capped: false, partial: false, rows: [] };

/** The teams a source of team content searches: the filter, or every team the caller may read. */
export function searchedTeams(scope: SearchScope): number[] {
  return scope.teamFilter === null ? [...scope.teamIds] : [scope.teamFilter];
}

/** Whether a room filter is on: only chat's messages and files answer then. */
export function filtersRoom(scope: SearchScope): boolean {
  return scope.roomFilter !== null;
}

/**
 * Whether the person or date filters are on: people and teams, which nobody wrote on a day,
 * answer none then.
 */
export function filtersContent(scope: SearchScope): boolean {
  return scope.personFilter !== null || scope.from !== null || scope.until !== null;
}
