import type { QueryClient } from '@tanstack/react-query';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Every query asks again, as `invalidateQueries()` would have it, but the queries on screen are
 * asked for one per task: started all at once, their requests and observer updates made one
 * long task on a slow phone right after the first screen (about 80 ms at 4x CPU throttling).
 * Queries not on screen are only marked stale, and ask again when next used.
 */
export async function refetchAllInSlices(
  queryClient: QueryClient,
  yieldToBrowser: () => Promise<void> = nextTask,
): Promise<void> {
  await queryClient.invalidateQueries({ refetchType: 'none' });
  const onScreen = queryClient.getQueryCache().findAll({ type: 'active', stale: true });
  for (const query of onScreen) {
    await yieldToBrowser();
    // Answered anew meanwhile: nothing to do. A request still under way may have read before
    // what was missed, and is asked again (cancelled and refetched).
    if (!query.isStale()) continue;
    void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' });
  }
}
