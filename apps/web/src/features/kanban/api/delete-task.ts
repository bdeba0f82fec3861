import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { kanbanEndpoints } from '@teamup/contracts/kanban';
import { api } from '../../../lib/api-client';
import { invalidateKanban } from './team-kanban';
import { taskCommentsQueryKey } from './task-comments';

/** DELETE /kanban/tasks/{id}: the task and its comments (204). */
export function deleteTask({ taskId }: { taskId: number }): Promise<void> {
  return api.delete(pathOf(kanbanEndpoints.removeTask, { id: taskId }));
}

export function useDeleteTask(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: (_result, { taskId }) =>
      queryClient.removeQueries({ queryKey: taskCommentsQueryKey(taskId) }),
    onSettled: () => invalidateKanban(queryClient, teamId, { progress: true }),
  });
}
