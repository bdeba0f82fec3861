import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@teamup/contracts/common';
import type { TaskComment } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import { api } from '../../../lib/api-client';
import { kanbanQueryKey } from './team-kanban';

/** Every page of one task's comments. */
export const taskCommentsQueryKey = (taskId: number) =>
  [...kanbanQueryKey, 'comments', taskId] as const;

/** GET /kanban/tasks/{id}/comments?page&size=4: oldest first. */
export function fetchTaskComments(
  taskId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Page<TaskComment>> {
  return api.get<Page<TaskComment>>(`/kanban/tasks/${taskId}/comments`, {
    query: { page, size: Limits.taskCommentPageSize },
    signal,
  });
}

export function taskCommentsQueryOptions(taskId: number, page: number) {
  return queryOptions({
    queryKey: [...taskCommentsQueryKey(taskId), page] as const,
    queryFn: ({ signal }) => fetchTaskComments(taskId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTaskComments(taskId: number, page: number) {
  return useQuery(taskCommentsQueryOptions(taskId, page));
}
