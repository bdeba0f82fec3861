import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { userEndpoints } from '@teamup/contracts/users';
import { api } from '../../../lib/api-client';

export const hashtagSearchQueryKey = (q: string) => ['hashtags', 'search', q] as const;

/** GET /hashtags/search?q=: skill tag suggestions. */
export function searchHashtags(q: string, signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>(pathOf(userEndpoints.searchHashtags), { query: { q }, signal });
}

export function hashtagSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: hashtagSearchQueryKey(q),
    queryFn: ({ signal }) => searchHashtags(q, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Suggestions for a (debounced) query; nothing is asked for an empty one. */
export function useHashtagSearch(q: string) {
  const query = q.trim();
  return useQuery({ ...hashtagSearchQueryOptions(query), enabled: query.length > 0 });
}
