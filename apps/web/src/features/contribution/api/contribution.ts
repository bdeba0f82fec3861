import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import type { Page } from '@teamup/contracts/common';
import {
  contributionEndpoints,
  type ContributionItem,
  type ContributionKind,
  type TeamContribution,
} from '@teamup/contracts/contribution';
import { pathOf } from '@teamup/contracts/path-of';
import { api, buildUrl } from '../../../lib/api-client';
import { fetchApiBlob } from '../../../lib/api-blob';
import { saveBlob } from '../../../lib/save-blob';

/** A range of Seoul days; null ends take the server's defaults (the team's life up to today). */
export type DayRange = { from: string | null; to: string | null };

const rangeQuery = (range: DayRange) => ({
  from: range.from ?? undefined,
  to: range.to ?? undefined,
});

export const contributionQueryKey = (teamId: number) => ['contribution', teamId] as const;

/** GET /teams/{t}/contribution: every member's numbers over the range. */
export function contributionQueryOptions(teamId: number, range: DayRange) {
  return queryOptions({
    queryKey: [...contributionQueryKey(teamId), range.from, range.to],
    queryFn: ({ signal }) =>
      api.get<TeamContribution>(pathOf(contributionEndpoints.team, { teamId }), {
        query: rangeQuery(range),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useContribution(teamId: number, range: DayRange) {
  return useQuery(contributionQueryOptions(teamId, range));
}

export const ITEMS_PAGE_SIZE = 50;

/** GET /teams/{t}/contribution/items: what is behind one number, page by page. */
export function useContributionItems(
  teamId: number,
  args: { userId: number; kind: ContributionKind; range: DayRange } | null,
) {
  return useInfiniteQuery({
    queryKey: [...contributionQueryKey(teamId), 'items', args],
    enabled: args !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ContributionItem>>(pathOf(contributionEndpoints.items, { teamId }), {
        query: {
          userId: args?.userId,
          kind: args?.kind,
          ...rangeQuery(args?.range ?? { from: null, to: null }),
          page: pageParam,
          size: ITEMS_PAGE_SIZE,
        },
        signal,
      }),
    getNextPageParam: (last) => (last.last ? undefined : last.pageable.pageNumber + 1),
  });
}

/** GET /teams/{t}/contribution.csv, saved by the browser. */
export function useDownloadContributionCsv(teamId: number) {
  return useMutation({
    mutationFn: async (range: DayRange) => {
      const file = await fetchApiBlob(
        buildUrl(pathOf(contributionEndpoints.teamCsv, { teamId }), rangeQuery(range)),
      );
      saveBlob(file.blob, file.fileName ?? `contribution-${teamId}.csv`);
    },
  });
}
