import { queryOptions, useQuery } from '@tanstack/react-query';
import { classOverviewEndpoints, type ClassOverview } from '@teamup/contracts/class-overview';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';

export const classOverviewQueryKey = (workspaceId: number) =>
  ['class-overview', workspaceId] as const;

/** GET /workspaces/{w}/class/overview: every team of the class (instructors and TAs). */
export function classOverviewQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: classOverviewQueryKey(workspaceId),
    queryFn: ({ signal }) =>
      api.get<ClassOverview>(pathOf(classOverviewEndpoints.overview, { workspaceId }), {
        signal,
      }),
    // A minute old is fresh enough for an overview; it is read again when the tab comes back.
    staleTime: 60_000,
  });
}

export function useClassOverview(workspaceId: number) {
  return useQuery(classOverviewQueryOptions(workspaceId));
}
