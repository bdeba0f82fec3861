import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import type { SearchResult } from '@teamup/contracts/search';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLiveEvent } from '../../../lib/live/live-handlers';
import { useLiveResync } from '../../../lib/live/use-live';
import { putLiveData } from '../../../lib/queries/live-cache';
import { searchQueryKey } from '../lib/search-query-key';
import { goneWith, searchLiveEvents, withoutHits } from '../lib/live-results';

/**
 * Keeps search results right while they are shown (issue 20): on an event that can change them
 * (lib/live-results.ts), what it certainly takes away leaves the shown pages at once, and every
 * cached search is fetched again (the one on screen now, the others when next shown). Mounted by
 * the top bar's search box, so a search reopened within its fresh time is not stale either.
 */
export function useSearchLiveSync(): void {
  const queryClient = useQueryClient();
  const myId = useAuth().user?.id;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: searchQueryKey });
  useLiveEvent(searchLiveEvents, (event) => {
    const gone = goneWith(event, myId);
    if (gone) {
      const cached = queryClient.getQueriesData<InfiniteData<SearchResult>>({
        queryKey: searchQueryKey,
      });
      for (const [queryKey, data] of cached) {
        const kept = withoutHits(data, gone);
        if (kept !== data) putLiveData(queryClient, queryKey, kept);
      }
    }
    refetch();
  });
  // Events were missed: anything shown may be out of date.
  useLiveResync(refetch);
}
