import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { kanbanEndpoints, type Kanban } from '@teamup/contracts/kanban';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { teamQueryKey } from '../../../lib/queries/team';
import { teamsQueryKey } from '../../../lib/queries/workspace-teams';
import { kanbanQueryKey, teamKanbanQueryKey } from '../../../lib/queries/live-query-keys';

export { kanbanQueryKey, teamKanbanQueryKey };

/** The root of every kanban query. */

/** GET /kanban/team/{teamId}: the board with its lists and tasks in order (made on first use). */
export function fetchTeamKanban(teamId: number, signal?: AbortSignal): Promise<Kanban> {
  return api.get<Kanban>(pathOf(kanbanEndpoints.team, { teamId }), { signal });
}

export function teamKanbanQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamKanbanQueryKey(teamId),
    queryFn: ({ signal }) => fetchTeamKanban(teamId, signal),
    // Others change the board too (live events come later): always ask again on focus.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useTeamKanban(teamId: number) {
  return useQuery(teamKanbanQueryOptions(teamId));
}

/**
 * Refetches the board after a change; with `progress`, also the team and the workspace's team
 * lists, whose progress bar counts approved tasks among all of them.
 */
export async function invalidateKanban(
  queryClient: QueryClient,
  teamId: number,
  { progress = false }: { progress?: boolean } = {},
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKanbanQueryKey(teamId) }),
    progress && queryClient.invalidateQueries({ queryKey: teamQueryKey(teamId), exact: true }),
    progress && queryClient.invalidateQueries({ queryKey: [...teamsQueryKey, 'workspace'] }),
  ]);
}

/**
 * Shows `board` at once (an optimistic move) and answers the board it replaced, for a rollback.
 * A refetch in flight is cancelled first so its older answer cannot overwrite the move; the
 * cancel restores the cache synchronously, before the new board is written.
 */
export function showBoard(
  queryClient: QueryClient,
  teamId: number,
  board: Kanban,
): Kanban | undefined {
  const queryKey = teamKanbanQueryKey(teamId);
  void queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<Kanban>(queryKey);
  queryClient.setQueryData(queryKey, board);
  return previous;
}

/** Puts back the board of before a failed move. */
export function restoreBoard(
  queryClient: QueryClient,
  teamId: number,
  previous: Kanban | undefined,
) {
  if (previous) queryClient.setQueryData(teamKanbanQueryKey(teamId), previous);
}
