import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanbanEndpoints, type Task } from '@teamup/contracts/kanban';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { invalidateKanban } from './team-kanban';

export interface RequestCompletionVariables {
  taskId: number;
  /** Optional note to the leader; blank is sent as nothing. */
  message?: string;
}

/**
 * POST /kanban/cards/{id}/completion-request {message?}: any member asks the leader to approve
 * (409 TASK_ALREADY_REQUESTED / TASK_ALREADY_APPROVED).
 */
export function requestCompletion({ taskId, message }: RequestCompletionVariables): Promise<Task> {
  const trimmed = message?.trim();
  return api.post<Task>(
    pathOf(kanbanEndpoints.requestCompletion, { id: taskId }),
    trimmed ? { message: trimmed } : {},
  );
}

export function useRequestCompletion(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCompletion,
    onSettled: () => invalidateKanban(queryClient, teamId),
  });
}
