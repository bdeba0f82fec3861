import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskComment } from '@teamup/contracts/kanban';
import { api } from '../../../lib/api-client';
import { taskCommentsQueryKey } from './task-comments';
import { invalidateKanban } from './team-kanban';

export interface CreateTaskCommentVariables {
  taskId: number;
  comment: string;
}

/** POST /kanban/tasks/{id}/comments {comment}: any team member. */
export function createTaskComment({ taskId, comment }: CreateTaskCommentVariables) {
  return api.post<TaskComment>(`/kanban/tasks/${taskId}/comments`, { comment });
}

export function useCreateTaskComment(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaskComment,
    onSuccess: async (_comment, { taskId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskCommentsQueryKey(taskId) }),
        // The comment count on the card.
        invalidateKanban(queryClient, teamId),
      ]);
    },
  });
}
