import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitePreview } from '@teamup/contracts/workspaces';
import { pathOf } from '@teamup/contracts/endpoint';
import { workspaceEndpoints } from '@teamup/contracts/workspaces';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export const invitePreviewQueryKey = (code: string) =>
  [...workspacesQueryKey, 'invite', code] as const;

/** GET /workspaces/invite/{code}: what an invitee sees before joining. */
export function fetchInvitePreview(code: string, signal?: AbortSignal): Promise<InvitePreview> {
  return api.get<InvitePreview>(pathOf(workspaceEndpoints.invitePreview, { code }), { signal });
}

export function invitePreviewQueryOptions(code: string) {
  return queryOptions({
    queryKey: invitePreviewQueryKey(code),
    queryFn: ({ signal }) => fetchInvitePreview(code, signal),
    retry: false,
    staleTime: 0,
  });
}

/** The preview of an invite code; nothing is asked while the code is undefined. */
export function useInvitePreview(code: string | undefined) {
  return useQuery({ ...invitePreviewQueryOptions(code ?? ''), enabled: code !== undefined });
}
