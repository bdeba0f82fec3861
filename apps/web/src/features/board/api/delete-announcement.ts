import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { announcementEndpoints } from '@teamup/contracts/board';
import { api } from '../../../lib/api-client';
import { announcementsQueryKey } from './announcements';

export interface DeleteAnnouncementVariables {
  workspaceId: number;
  teamId: number;
  announcementId: number;
}

/** DELETE /workspaces/{ws}/announcement/{id}: the author only; answers 204. */
export function deleteAnnouncement({
  workspaceId,
  announcementId,
}: DeleteAnnouncementVariables): Promise<void> {
  return api.delete(pathOf(announcementEndpoints.remove, { workspaceId, id: announcementId }));
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: (_result, { workspaceId, teamId }) =>
      queryClient.invalidateQueries({ queryKey: announcementsQueryKey(workspaceId, teamId) }),
  });
}
