import { queryOptions, useQuery } from '@tanstack/react-query';
import { postEndpoints, type Post } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { postQueryKey } from '../../../lib/queries/live-query-keys';

export { postQueryKey };

/** One post with its attachments. */

/** GET /posts/{id} (404 POST_NOT_FOUND). */
export function fetchPost(postId: number, signal?: AbortSignal): Promise<Post> {
  return api.get<Post>(pathOf(postEndpoints.get, { id: postId }), { signal });
}

export function postQueryOptions(postId: number) {
  return queryOptions({
    queryKey: postQueryKey(postId),
    queryFn: ({ signal }) => fetchPost(postId, signal),
  });
}

export function usePost(postId: number) {
  return useQuery(postQueryOptions(postId));
}
