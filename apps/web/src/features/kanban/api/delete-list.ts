import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { kanbanEndpoints } from '@teamup/contracts/kanban';
import { api } from '../../../lib/api-client';
import { invalidateKanban } from './team-kanban';

/** DELETE /kanban/lists/{id}: the list goes with every task in it (204). */
export function deleteList({ listId }: { listId: number }): Promise<void> {
  return api.delete(pathOf(kanbanEndpoints.removeList, { id: listId }));
}

export function useDeleteList(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    // Its tasks counted in the team's progress.
    onSettled: () => invalidateKanban(queryClient, teamId, { progress: true }),
  });
}
