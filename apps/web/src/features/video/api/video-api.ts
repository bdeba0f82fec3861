import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Limits } from '@teamup/contracts/limits';
import type { Conference, VideoChannel, VideoParticipant } from '@teamup/contracts/video';
import { api } from '../../../lib/api-client';

export const videoChannelsQueryKey = (workspaceId: number) =>
  ['video', 'channels', workspaceId] as const;

const channelsPath = (workspaceId: number) => `/workspaces/${workspaceId}/video-channels`;
const channelPath = (workspaceId: number, channelId: number) =>
  `${channelsPath(workspaceId)}/${channelId}`;

/** The workspace's video rooms, asked again every 5 s (spec 02 section 4). */
export function useVideoChannels(workspaceId: number | undefined) {
  return useQuery({
    queryKey: videoChannelsQueryKey(workspaceId ?? 0),
    queryFn: ({ signal }) => api.get<VideoChannel[]>(channelsPath(workspaceId ?? 0), { signal }),
    enabled: workspaceId !== undefined,
    refetchInterval: Limits.videoListPollMs,
  });
}

/** What a meeting knows first hand (its roster) shown in the room list before the next poll. */
export function patchListedChannel(
  queryClient: QueryClient,
  workspaceId: number,
  channelId: number,
  patch: Pick<VideoChannel, 'participantCount' | 'broadcasterId'>,
) {
  queryClient.setQueryData<VideoChannel[]>(videoChannelsQueryKey(workspaceId), (list) =>
    list?.map((channel) => (channel.id === channelId ? { ...channel, ...patch } : channel)),
  );
}

export function useCreateVideoChannel(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<VideoChannel>(channelsPath(workspaceId), { name }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: videoChannelsQueryKey(workspaceId) }),
  });
}

/** Owner only. The list is asked again 1 s later (spec 02 section 4). */
export function useDeleteVideoChannel(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) => api.delete(channelPath(workspaceId, channelId)),
    onSuccess: () =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          void queryClient
            .invalidateQueries({ queryKey: videoChannelsQueryKey(workspaceId) })
            .finally(resolve);
        }, Limits.videoDeleteRefetchDelayMs);
      }),
  });
}

/** The calls of the meeting screen, for one room. */
export function meetingApi(workspaceId: number, channelId: number) {
  const path = channelPath(workspaceId, channelId);
  return {
    channel: () => api.get<VideoChannel>(path),
    participants: () => api.get<VideoParticipant[]>(`${path}/video-members`),
    join: () => api.post<VideoParticipant>(path),
    leave: (participantId: number) => api.delete(`${path}/participants/${participantId}`),
    remove: (userId: number) => api.delete(`${path}/video-members/${userId}`),
    joinConference: () => api.post<Conference>(`${path}/join-conference`),
    claimBroadcast: () => api.post<{ broadcasterId: number | null }>(`${path}/broadcast`),
    releaseBroadcast: () => api.delete<{ broadcasterId: number | null }>(`${path}/broadcast`),
  };
}
export type MeetingApi = ReturnType<typeof meetingApi>;
