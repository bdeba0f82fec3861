import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  kanbanEndpoints,
  type Kanban,
  type Task,
  type UpdateTaskInput,
} from '@teamup/contracts/kanban';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { placeAnsweredTask } from '../lib/board-moves';
import { invalidateKanban, restoreBoard, showBoard } from './team-kanban';

export interface UpdateTaskVariables {
  taskId: number;
  body: UpdateTaskInput;
}

/**
 * PUT /kanban/tasks/{id}: any of subject, content, deadline, assigneeIds; a move sends
 * `kanbanListId` and `order` (index among the other tasks of the destination list). A member's
 * move into the done list is answered with the card where it was, completion requested.
 */
export function updateTask({ taskId, body }: UpdateTaskVariables): Promise<Task> {
  return api.put<Task>(pathOf(kanbanEndpoints.updateTask, { id: taskId }), body);
}

/** Edits from the task detail. */
export function useUpdateTask(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSettled: () => invalidateKanban(queryClient, teamId),
  });
}

export interface MoveTaskVariables {
  taskId: number;
  kanbanListId: number;
  order: number;
  /** The board with the task already in its new place, shown until the server answers. */
  board: Kanban;
}

/** A card dragged elsewhere: shown at once, sent, rolled back on failure, then refetched. */
export function useMoveTask(teamId: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ taskId, kanbanListId, order }: MoveTaskVariables & { previous?: Kanban }) =>
      updateTask({ taskId, body: { kanbanListId, order } }),
    onError: (_error, { previous }) => restoreBoard(queryClient, teamId, previous),
    onSuccess: (answered, { kanbanListId, previous }) => {
      // Kept elsewhere by the server (a member's drop into the done list asks for completion):
      // the card goes back to where it was, with its new state, before the refetch.
      if (answered.kanbanListId !== kanbanListId && previous) {
        restoreBoard(queryClient, teamId, placeAnsweredTask(previous, answered));
      }
    },
    // A move into or out of the done list changes the approval, hence the team's progress.
    onSettled: () => invalidateKanban(queryClient, teamId, { progress: true }),
  });
  const move = (
    variables: MoveTaskVariables,
    options?: { onError?: (error: Error) => void; onSuccess?: (answered: Task) => void },
  ) => {
    const previous = showBoard(queryClient, teamId, variables.board);
    mutation.mutate(
      { ...variables, previous },
      { onError: options?.onError, onSuccess: options?.onSuccess },
    );
  };
  return { move, isPending: mutation.isPending };
}
