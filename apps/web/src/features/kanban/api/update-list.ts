import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanbanEndpoints, type Kanban, type KanbanList } from '@teamup/contracts/kanban';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { invalidateKanban, restoreBoard, showBoard } from './team-kanban';

export interface UpdateListVariables {
  listId: number;
  body: { kanbanListName?: string; order?: number; isDoneList?: boolean };
}

/**
 * PUT /kanban/lists/{id}: rename and/or move (`order` = index among the other lists); mark or
 * unmark the done list (the leader; 403 KANBAN_LEADER_ONLY).
 */
export function updateList({ listId, body }: UpdateListVariables): Promise<KanbanList> {
  return api.put<KanbanList>(pathOf(kanbanEndpoints.updateList, { id: listId }), body);
}

export function useRenameList(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, kanbanListName }: { listId: number; kanbanListName: string }) =>
      updateList({ listId, body: { kanbanListName } }),
    onSettled: () => invalidateKanban(queryClient, teamId),
  });
}

/** Marks the list as the board's done list (unmarking any other), or unmarks it. */
export function useMarkDoneList(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, isDoneList }: { listId: number; isDoneList: boolean }) =>
      updateList({ listId, body: { isDoneList } }),
    onSettled: () => invalidateKanban(queryClient, teamId),
  });
}

export interface MoveListVariables {
  listId: number;
  order: number;
  /** The board with the list already in its new place, shown until the server answers. */
  board: Kanban;
}

/** A list dragged elsewhere: shown at once, sent, rolled back on failure, then refetched. */
export function useMoveList(teamId: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ listId, order }: MoveListVariables & { previous: Kanban | undefined }) =>
      updateList({ listId, body: { order } }),
    onError: (_error, { previous }) => restoreBoard(queryClient, teamId, previous),
    onSettled: () => invalidateKanban(queryClient, teamId),
  });
  const move = (variables: MoveListVariables, options?: { onError?: (error: Error) => void }) => {
    const previous = showBoard(queryClient, teamId, variables.board);
    mutation.mutate({ ...variables, previous }, { onError: options?.onError });
  };
  return { move, isPending: mutation.isPending };
}
