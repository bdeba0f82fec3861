import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement, CreateAnnouncementInput } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { announcementEndpoints } from '@teamup/contracts/board';
import { api } from '../../../lib/api-client';
import { announcementsQueryKey } from './announcements';

export interface CreateAnnouncementVariables {
  workspaceId: number;
  body: CreateAnnouncementInput;
}

/** POST /workspaces/{ws}/announcement {teamId, title, content}: any team member. */
export function createAnnouncement({
  workspaceId,
  body,
}: CreateAnnouncementVariables): Promise<Announcement> {
  return api.post<Announcement>(pathOf(announcementEndpoints.create, { workspaceId }), body);
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: (announcement, { workspaceId }) =>
      queryClient.invalidateQueries({
        queryKey: announcementsQueryKey(workspaceId, announcement.teamId),
      }),
  });
}
