import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/path-of';
import { searchEndpoints, type SearchKind, type SearchResult } from '@teamup/contracts/search';
import { api } from '../../../lib/api-client';
import { filterParams, filtersValid, type SearchFilterValues } from '../lib/search-filters';

export const SEARCH_PAGE_SIZE = 20;

import { searchQueryKey } from '../lib/search-query-key';

export { searchQueryKey };

/** GET /workspaces/{id}/search: pages of results, best first, with counts per kind. */
export function useWorkspaceSearch(
  workspaceId: number | undefined,
  query: string,
  kind: SearchKind | null,
  filters: SearchFilterValues,
) {
  const q = query.trim();
  const params = filterParams(filters);
  return useInfiniteQuery({
    queryKey: [...searchQueryKey, workspaceId, q, kind, params],
    enabled: workspaceId !== undefined && q.length > 0 && filtersValid(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<SearchResult>(pathOf(searchEndpoints.search, { workspaceId: workspaceId ?? 0 }), {
        query: {
          q,
          page: pageParam,
          size: SEARCH_PAGE_SIZE,
          ...(kind ? { kind } : {}),
          ...params,
        },
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // The last results stay while the next words are looked up (no flicker while typing).
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
