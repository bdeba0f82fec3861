import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanbanEndpoints, type CreateTaskInput, type Task } from '@teamup/contracts/kanban';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { invalidateKanban } from './team-kanban';

/** POST /kanban/tasks {subject, content?, kanbanListId, order?, deadline?, assigneeIds?}. */
export function createTask(body: CreateTaskInput): Promise<Task> {
  return api.post<Task>(pathOf(kanbanEndpoints.createTask), body);
}

export function useCreateTask(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    // One more task lowers the share of approved ones.
    onSettled: () => invalidateKanban(queryClient, teamId, { progress: true }),
  });
}
