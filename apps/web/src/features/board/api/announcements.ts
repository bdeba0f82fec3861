import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementPage } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { announcementEndpoints } from '@teamup/contracts/board';
import { Limits } from '@teamup/contracts/limits';
import { api } from '../../../lib/api-client';
import { announcementsQueryKey } from '../../../lib/queries/live-query-keys';

export { announcementsQueryKey };

/** Every page of a team's announcements; invalidating it refreshes the whole list. */

export interface AnnouncementsParams {
  workspaceId: number;
  teamId: number;
  /** 0-based. */
  page: number;
}

/** GET /workspaces/{ws}/announcement?teamId&page&size: newest first, 5 per page. */
export function fetchAnnouncements(
  { workspaceId, teamId, page }: AnnouncementsParams,
  signal?: AbortSignal,
): Promise<AnnouncementPage> {
  return api.get<AnnouncementPage>(pathOf(announcementEndpoints.list, { workspaceId }), {
    query: { teamId, page, size: Limits.announcementPageSize },
    signal,
  });
}

export function announcementsQueryOptions(params: AnnouncementsParams) {
  return queryOptions({
    queryKey: [...announcementsQueryKey(params.workspaceId, params.teamId), params.page] as const,
    queryFn: ({ signal }) => fetchAnnouncements(params, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(params: AnnouncementsParams) {
  return useQuery(announcementsQueryOptions(params));
}
