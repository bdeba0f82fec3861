import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@teamup/contracts/common';
import { myTaskEndpoints, type MyTask, type MyTaskGroup } from '@teamup/contracts/my-tasks';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import { myTasksQueryKey } from '../../../lib/queries/live-query-keys';

export { myTasksQueryKey };

export const MY_TASK_PAGE_SIZE = 50;

export type MyTaskFilters = {
  group: MyTaskGroup | null;
  workspaceId: number | null;
  includeDone: boolean;
};

/** GET /users/me/tasks: my cards across teams, overdue first, then by due time. */
export function myTasksQueryOptions(filters: MyTaskFilters, page: number) {
  return queryOptions({
    queryKey: [...myTasksQueryKey, 'list', filters, page],
    queryFn: ({ signal }) =>
      api.get<Page<MyTask>>(pathOf(myTaskEndpoints.list), {
        query: {
          page,
          size: MY_TASK_PAGE_SIZE,
          group: filters.group ?? undefined,
          workspaceId: filters.workspaceId ?? undefined,
          includeDone: filters.includeDone ? 'true' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMyTasks(filters: MyTaskFilters, page: number) {
  return useQuery(myTasksQueryOptions(filters, page));
}
