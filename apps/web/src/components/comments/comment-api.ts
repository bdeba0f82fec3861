import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Page } from '@teamup/contracts/common';
import type { Comment } from '@teamup/contracts/comments';
import { api } from '../../lib/api-client';

/** Where one subject's comments live on the API, and the wire names it uses (contracts). */
export interface CommentEndpoints {
  /** Every page of the subject's comments. */
  queryKey: QueryKey;
  pageSize: number;
  /** GET (paged, oldest first) and POST: the path of the subject's list and create endpoints. */
  listPath: string;
  /** Edit (`updateMethod`) and DELETE: the path of its update and remove endpoints. */
  itemPath: (commentId: number) => string;
  /** The method of the subject's update endpoint. */
  updateMethod: 'PATCH' | 'PUT';
  /** The contract's view of a comment under the subject's wire names. */
  view: {
    nameOf: (field: keyof Comment) => string | null;
    fromWire: (wire: never) => Comment;
  };
  /** Other caches a new or removed comment changes (the counts shown elsewhere). */
  invalidateCounts?: (queryClient: QueryClient) => Promise<unknown>;
}

/** The request body of a comment's text under the subject's name for it. */
const bodyOf = (endpoints: CommentEndpoints, text: string) => ({
  [endpoints.view.nameOf('content') ?? 'content']: text,
});

export function commentPageQueryOptions(endpoints: CommentEndpoints, page: number) {
  return queryOptions({
    queryKey: [...endpoints.queryKey, page],
    queryFn: async ({ signal }): Promise<Page<Comment>> => {
      const wire = await api.get<Page<never>>(endpoints.listPath, {
        query: { page, size: endpoints.pageSize },
        signal,
      });
      return { ...wire, content: wire.content.map(endpoints.view.fromWire) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useCommentPage(endpoints: CommentEndpoints, page: number) {
  return useQuery(commentPageQueryOptions(endpoints, page));
}

export function useCreateComment(endpoints: CommentEndpoints) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<unknown>(endpoints.listPath, bodyOf(endpoints, text)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpoints.queryKey }),
        endpoints.invalidateCounts?.(queryClient),
      ]),
  });
}

export interface UpdateCommentVariables {
  commentId: number;
  text: string;
}

/** The author only (403 AUTHOR_ONLY). */
export function useUpdateComment(endpoints: CommentEndpoints) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, text }: UpdateCommentVariables) =>
      (endpoints.updateMethod === 'PUT' ? api.put : api.patch)<unknown>(
        endpoints.itemPath(commentId),
        bodyOf(endpoints, text),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpoints.queryKey }),
  });
}

/** The author only; answers 204. */
export function useDeleteComment(endpoints: CommentEndpoints) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete(endpoints.itemPath(commentId)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpoints.queryKey }),
        endpoints.invalidateCounts?.(queryClient),
      ]),
  });
}
