import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * A live event's change put into a cached query. A fetch of that query already on its way was
 * asked before the change and would answer without it, overwriting it (a message counted, then
 * uncounted); so that fetch is replaced by a new one, asked after the change. Every live handler
 * that writes the cache goes through here.
 */
export function putLiveData<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  updater: Updater<T | undefined, T | undefined>,
): void {
  queryClient.setQueryData<T>(queryKey, updater);
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}
