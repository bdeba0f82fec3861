import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskComment } from '@teamup/contracts/kanban';
import { api } from '../../../lib/api-client';
import { taskCommentsQueryKey } from './task-comments';

export interface UpdateTaskCommentVariables {
  taskId: number;
  commentId: number;
  comment: string;
}

/** PUT /kanban/tasks/{id}/comments/{commentId} {comment}: the author only (403 AUTHOR_ONLY). */
export function updateTaskComment({ taskId, commentId, comment }: UpdateTaskCommentVariables) {
  return api.put<TaskComment>(`/kanban/tasks/${taskId}/comments/${commentId}`, { comment });
}

export function useUpdateTaskComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaskComment,
    onSuccess: (_comment, { taskId }) =>
      queryClient.invalidateQueries({ queryKey: taskCommentsQueryKey(taskId) }),
  });
}
