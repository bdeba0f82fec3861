import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement, UpdateAnnouncementInput } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { announcementEndpoints } from '@teamup/contracts/board';
import { api } from '../../../lib/api-client';
import { announcementsQueryKey } from './announcements';

export interface UpdateAnnouncementVariables {
  workspaceId: number;
  announcementId: number;
  body: UpdateAnnouncementInput;
}

/** PATCH /workspaces/{ws}/announcement/{id} {title?, content?}: the author only (AUTHOR_ONLY). */
export function updateAnnouncement({
  workspaceId,
  announcementId,
  body,
}: UpdateAnnouncementVariables): Promise<Announcement> {
  return api.patch<Announcement>(
    pathOf(announcementEndpoints.update, { workspaceId, id: announcementId }),
    body,
  );
}

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnouncement,
    onSuccess: (announcement, { workspaceId }) =>
      queryClient.invalidateQueries({
        queryKey: announcementsQueryKey(workspaceId, announcement.teamId),
      }),
  });
}
