import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskInput, Task } from '@teamup/contracts/kanban';
import { api } from '../../../lib/api-client';
import { invalidateKanban } from './team-kanban';

/** POST /kanban/tasks {subject, content?, kanbanListId, order?, deadline?, assigneeIds?}. */
export function createTask(body: CreateTaskInput): Promise<Task> {
  return api.post<Task>('/kanban/tasks', body);
}

export function useCreateTask(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    // One more task lowers the share of approved ones.
    onSettled: () => invalidateKanban(queryClient, teamId, { progress: true }),
  });
}
