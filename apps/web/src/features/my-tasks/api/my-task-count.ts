import { useQuery } from '@tanstack/react-query';
import type { MyTaskCount } from '@teamup/contracts/my-tasks';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { myTaskRoutes } from '../../../lib/first-load-endpoints';
import { myTasksQueryKey } from '../../../lib/queries/live-query-keys';

export const myTaskCountQueryKey = [...myTasksQueryKey, 'count'] as const;

/**
 * GET /users/me/tasks/count: the side panel's badge. Its path is the zod-free copy: the panel is
 * on the first screen. Days turn at midnight without any change, so it is asked again each hour.
 */
export function useMyTaskCount(enabled: boolean) {
  return useQuery({
    queryKey: myTaskCountQueryKey,
    queryFn: ({ signal }) => api.get<MyTaskCount>(pathOf(myTaskRoutes.count), { signal }),
    enabled,
    refetchInterval: 60 * 60_000,
  });
}
