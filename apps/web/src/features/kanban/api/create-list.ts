import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanbanEndpoints, type KanbanList } from '@teamup/contracts/kanban';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { invalidateKanban } from './team-kanban';

export interface CreateListVariables {
  kanbanId: number;
  kanbanListName: string;
  /** Index among the lists; missing puts it last. */
  order?: number;
  /** The board's done list (approved cards move there). */
  isDoneList?: boolean;
}

/**
 * POST /kanban/lists {kanbanListName, kanbanId, order?, isDoneList?}: any team member (marking
 * the done list when the board has one already: the leader).
 */
export function createList(body: CreateListVariables): Promise<KanbanList> {
  return api.post<KanbanList>(pathOf(kanbanEndpoints.createList), body);
}

export function useCreateList(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSettled: () => invalidateKanban(queryClient, teamId),
  });
}

/**
 * The empty board's starter lists, made one after another so they keep their order; the last
 * ('완료') is the board's done list.
 */
export async function createStarterLists(kanbanId: number, names: readonly string[]) {
  const lists: KanbanList[] = [];
  for (const [index, kanbanListName] of names.entries()) {
    const isDoneList = index === names.length - 1;
    lists.push(
      await createList({ kanbanId, kanbanListName, ...(isDoneList ? { isDoneList } : {}) }),
    );
  }
  return lists;
}

export function useCreateStarterLists(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kanbanId, names }: { kanbanId: number; names: readonly string[] }) =>
      createStarterLists(kanbanId, names),
    onSettled: () => invalidateKanban(queryClient, teamId),
  });
}
