import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicInvitePreview } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/path-of';
import { workspaceRoutes } from '../first-load-endpoints';
import { api } from '../api-client';

export const publicInvitePreviewQueryKey = (code: string) => ['invite-public', code] as const;

/** GET /workspaces/invite/{code}/public: the workspace's name and head count, before login. */
export function fetchPublicInvitePreview(
  code: string,
  signal?: AbortSignal,
): Promise<PublicInvitePreview> {
  return api.get<PublicInvitePreview>(pathOf(workspaceRoutes.publicInvitePreview, { code }), {
    signal,
  });
}

/** The public preview of an invite; nothing is asked while the code is null. */
export function usePublicInvitePreview(code: string | null) {
  return useQuery(
    queryOptions({
      queryKey: publicInvitePreviewQueryKey(code ?? ''),
      queryFn: ({ signal }) => fetchPublicInvitePreview(code ?? '', signal),
      enabled: code !== null,
      retry: false,
      staleTime: 60_000,
    }),
  );
}
