import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanbanEndpoints, type Task } from '@teamup/contracts/kanban';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { invalidateKanban } from './team-kanban';

export interface ReviewCompletionVariables {
  taskId: number;
  approved: boolean;
  /** Optional note to the requester; blank is sent as nothing. */
  approvalMessage?: string;
}

/**
 * POST /kanban/cards/{id}/completion-approval {approved, approvalMessage?}: the team leader only
 * (403 KANBAN_LEADER_ONLY; 409 TASK_NOT_REQUESTED / TASK_ALREADY_APPROVED).
 */
export function reviewCompletion({
  taskId,
  approved,
  approvalMessage,
}: ReviewCompletionVariables): Promise<Task> {
  const trimmed = approvalMessage?.trim();
  return api.post<Task>(pathOf(kanbanEndpoints.reviewCompletion, { id: taskId }), {
    approved,
    ...(trimmed ? { approvalMessage: trimmed } : {}),
  });
}

export function useReviewCompletion(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCompletion,
    // An approval changes the team's progress (approved tasks among all).
    onSettled: () => invalidateKanban(queryClient, teamId, { progress: true }),
  });
}
