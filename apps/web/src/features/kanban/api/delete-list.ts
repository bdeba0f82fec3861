import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateKanban } from './team-kanban';

/** DELETE /kanban/lists/{id}: the list goes with every task in it (204). */
export function deleteList({ listId }: { listId: number }): Promise<void> {
  return api.delete(`/kanban/lists/${listId}`);
}

export function useDeleteList(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    // Its tasks counted in the team's progress.
    onSettled: () => invalidateKanban(queryClient, teamId, { progress: true }),
  });
}
