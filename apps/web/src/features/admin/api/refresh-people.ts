import type { QueryClient } from '@tanstack/react-query';
import { adminQueryKeys } from './admin-query-keys';

/** After a change to a person: every page of the list and the figures are read again. */
export function refreshPeople(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
    queryClient.invalidateQueries({ queryKey: adminQueryKeys.stats }),
  ]);
}
