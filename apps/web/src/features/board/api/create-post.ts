import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postEndpoints, type CreatePostFields, type Post } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { teamPostsQueryKey } from './team-posts';

export interface CreatePostVariables {
  teamId: number;
  boardId: number;
  fields: Omit<CreatePostFields, 'boardId'>;
  /** Checked against the contract's limits before sending (see checkPostFiles). */
  files: readonly File[];
}

/**
 * POST /teams/{teamId}/posts as multipart: title, content, boardId and one `files` part per file.
 * The server refuses too large (413 FILE_TOO_LARGE, POST_FILES_TOO_LARGE) or too many (400
 * POST_FILES_TOO_MANY) files.
 */
export function createPost({ teamId, boardId, fields, files }: CreatePostVariables): Promise<Post> {
  const body = new FormData();
  body.append('title', fields.title);
  body.append('content', fields.content);
  body.append('boardId', String(boardId));
  for (const file of files) body.append('files', file, file.name);
  return api.post<Post>(pathOf(postEndpoints.create, { teamId }), body);
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (_post, { teamId, boardId }) =>
      queryClient.invalidateQueries({ queryKey: teamPostsQueryKey(teamId, boardId) }),
  });
}
