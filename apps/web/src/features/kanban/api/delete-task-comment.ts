import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskCommentsQueryKey } from './task-comments';
import { invalidateKanban } from './team-kanban';

export interface DeleteTaskCommentVariables {
  taskId: number;
  commentId: number;
}

/** DELETE /kanban/tasks/{id}/comments/{commentId}: the author only (204). */
export function deleteTaskComment({ taskId, commentId }: DeleteTaskCommentVariables) {
  return api.delete(`/kanban/tasks/${taskId}/comments/${commentId}`);
}

export function useDeleteTaskComment(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaskComment,
    onSuccess: async (_result, { taskId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskCommentsQueryKey(taskId) }),
        invalidateKanban(queryClient, teamId),
      ]);
    },
  });
}
