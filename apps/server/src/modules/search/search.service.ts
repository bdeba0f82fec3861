import {
  type SearchHit,
  type SearchKind,
  SearchLimits,
  searchKinds,
  SEARCH_DAY_OFFSET,
  type SearchQuery,
  type SearchResult,
} from '@teamup/contracts/search';
import type { AppContext } from '../../context';
import type {
  SearchCandidate,
  SearchScope,
  SearchTerms,
} from '../../platform/search/search-source';
import {
  findHighlights,
  nameHighlights,
  prepareTerms,
  snippetOf,
} from '../../platform/search/search-text';
import { requireMembership } from '../workspaces/membership.service';
import {
  assertRoomSearchable,
  assertTeamSearchable,
  roomsNamed,
  searchesAllTeams,
} from './search.policy';
import * as repo from './search.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a calendar day (YYYY-MM-DD) begins in Korea. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00${SEARCH_DAY_OFFSET}`);

type Found = { candidate: SearchCandidate; kind: SearchKind; source: number };

/**
 * Searches, within a workspace, everything the caller may read (decision 0020): each module's
 * sources (ctx.hooks.searchSources) answer their best matches and their count (up to
 * SearchLimits.countCap: more is answered as the cap, the kind listed in `cappedKinds`); the
 * answers are merged best first and paged. An outsider is refused by requireMembership (403/404).
 */
export async function search(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  query: SearchQuery,
): Promise<SearchResult> {
  const role = await requireMembership(ctx, workspaceId, userId);
  const db = ctx.database.db;
  // Team content is read as assertTeamContentAccess reads it (search.policy.ts).
  const teamIds = await repo.readableTeamIds(db, workspaceId, userId, searchesAllTeams(role));
  if (query.teamId !== undefined) assertTeamSearchable(teamIds, query.teamId);
  if (query.roomId !== undefined) {
    assertRoomSearchable(await repo.isRoomMember(db, workspaceId, userId, query.roomId));
  }
  const terms = prepareTerms(query.q);
  const scope: Omit<SearchScope, 'pace' | 'roomFilter'> = {
    workspaceId,
    userId,
    teamIds,
    teamFilter: query.teamId ?? null,
    now: new Date(),
    personFilter: query.personId ?? null,
    from: query.from === undefined ? null : startOfDay(query.from),
    until: query.to === undefined ? null : new Date(startOfDay(query.to).getTime() + DAY_MS),
    engine: ctx.database.kind,
  };
  const wanted = (query.page + 1) * query.size;
  const sources = ctx.hooks.searchSources;
  // One at a time: the embedded database answers one statement at a time anyway, and a pool of
  // PostgreSQL connections is shared with every other request.
  const counts = Object.fromEntries(searchKinds.map((kind) => [kind, 0])) as Record<
    SearchKind,
    number
  >;
  const capped = new Set<SearchKind>();
  const found: Found[] = [];
  let partial = false;
  // Nothing to look for (only `in:방이름`, or empty quotes): nothing found, nothing read.
  const empty = terms.words.length === 0 && terms.initials === null;
  await ctx.searchGate.run(userId, async (pace) => {
    if (empty) return;
    let roomFilter: readonly number[] | null = query.roomId === undefined ? null : [query.roomId];
    if (terms.room !== null) {
      await pace();
      const named = roomsNamed(await repo.roomsOf(db, workspaceId, userId), terms.room);
      roomFilter = roomFilter === null ? named : roomFilter.filter((id) => named.includes(id));
    }
    for (const [index, source] of sources.entries()) {
      // A room filter leaves only chat's messages and files.
      if (roomFilter !== null && source.inRooms !== true) continue;
      const asked = query.kind === undefined || query.kind === source.kind;
      await pace();
      // A kind not asked for is only counted.
      const answer = await source.search(
        db,
        { ...scope, roomFilter, pace },
        terms,
        asked ? wanted : 0,
      );
      counts[source.kind] += answer.total;
      if (answer.capped) capped.add(source.kind);
      if (answer.partial) partial = true;
      if (asked) {
        for (const candidate of answer.rows)
          found.push({ candidate, kind: source.kind, source: index });
      }
    }
  });
  // Two sources of one kind (files, comments) are counted together, to the same cap.
  for (const kind of searchKinds) {
    if (counts[kind] > SearchLimits.countCap) capped.add(kind);
    if (capped.has(kind)) counts[kind] = SearchLimits.countCap;
  }
  found.sort(
    (a, b) =>
      b.candidate.score - a.candidate.score ||
      b.candidate.createdAt.getTime() - a.candidate.createdAt.getTime() ||
      b.candidate.id - a.candidate.id,
  );
  const summed: readonly SearchKind[] = query.kind === undefined ? searchKinds : [query.kind];
  const total = summed.reduce((sum, kind) => sum + counts[kind], 0);
  const totalCapped = summed.some((kind) => capped.has(kind));
  const start = query.page * query.size;
  const items = found.slice(start, start + query.size).map((one) => present(one, terms));
  return {
    query: terms.raw,
    counts,
    cappedKinds: searchKinds.filter((kind) => capped.has(kind)),
    items,
    page: query.page,
    size: query.size,
    total,
    totalCapped,
    partial,
    // Past a capped total there are more than it says.
    hasMore: (start + items.length < total || totalCapped) && query.page < SearchLimits.maxPage,
  };
}

const nameKinds: ReadonlySet<SearchKind> = new Set(['person', 'team', 'room']);

function present({ candidate, kind, source }: Found, terms: SearchTerms): SearchHit {
  const titleHighlights = nameKinds.has(kind)
    ? nameHighlights(candidate.title, terms)
    : findHighlights(candidate.title, terms.words);
  const { snippet, highlights } = snippetOf(
    candidate.text,
    findHighlights(candidate.text, terms.words),
  );
  return {
    kind,
    key: `${kind}:${source}:${candidate.id}`,
    id: candidate.id,
    title: candidate.title,
    context: candidate.context,
    snippet,
    highlights,
    titleHighlights,
    createdAt: candidate.createdAt.toISOString(),
    target: candidate.target,
  };
}
