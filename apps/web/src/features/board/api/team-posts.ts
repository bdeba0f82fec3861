import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@teamup/contracts/common';
import { postEndpoints, type PostSummary } from '@teamup/contracts/board';
import { Limits } from '@teamup/contracts/limits';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { postListsQueryKey } from '../../../lib/queries/live-query-keys';

export { postListsQueryKey };

/** Every post list of the board; invalidating it refreshes all their pages. */

/** Every page of one team board's post list. */
export const teamPostsQueryKey = (teamId: number, boardId: number) =>
  [...postListsQueryKey, teamId, boardId] as const;

export interface TeamPostsParams {
  teamId: number;
  boardId: number;
  /** 0-based. */
  page: number;
}

/** GET /teams/{teamId}/posts?boardId&page&size: newest first, 5 per page. */
export function fetchTeamPosts(
  { teamId, boardId, page }: TeamPostsParams,
  signal?: AbortSignal,
): Promise<Page<PostSummary>> {
  return api.get<Page<PostSummary>>(pathOf(postEndpoints.list, { teamId }), {
    query: { boardId, page, size: Limits.postPageSize },
    signal,
  });
}

export function teamPostsQueryOptions(params: TeamPostsParams) {
  return queryOptions({
    queryKey: [...teamPostsQueryKey(params.teamId, params.boardId), params.page] as const,
    queryFn: ({ signal }) => fetchTeamPosts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeamPosts(params: TeamPostsParams) {
  return useQuery(teamPostsQueryOptions(params));
}
