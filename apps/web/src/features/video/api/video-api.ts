import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Limits } from '@teamup/contracts/limits';
import type {
  Conference,
  MediaState,
  UpdateVideoChannelInput,
  VideoChannel,
  VideoMode,
  VideoParticipant,
} from '@teamup/contracts/video';
import { pathOf } from '@teamup/contracts/path-of';
import { videoRoutes } from '../../../lib/first-load-endpoints';
import { api } from '../../../lib/api-client';

export const videoChannelsQueryKey = (workspaceId: number) =>
  ['video', 'channels', workspaceId] as const;

/**
 * Who is in a meeting, as the pre-join screen looked it up: the meeting then joins without asking
 * again (spec 02 section 4, step 1: look oneself up, join when absent).
 */
export const meetingParticipantsQueryKey = (workspaceId: number, channelId: number) =>
  ['video', 'participants', workspaceId, channelId] as const;

/** The workspace's video rooms, asked again every 5 s (spec 02 section 4). */
export function useVideoChannels(workspaceId: number | undefined) {
  return useQuery({
    queryKey: videoChannelsQueryKey(workspaceId ?? 0),
    queryFn: ({ signal }) =>
      api.get<VideoChannel[]>(pathOf(videoRoutes.listChannels, { workspaceId: workspaceId ?? 0 }), {
        signal,
      }),
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
    mutationFn: (input: { name: string; teamId?: number | null; mode?: VideoMode }) =>
      api.post<VideoChannel>(pathOf(videoRoutes.createChannel, { workspaceId }), input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: videoChannelsQueryKey(workspaceId) }),
  });
}

/** The creator or a moderator chooses the mode, while nobody is in the meeting (issue 47). */
export function useUpdateVideoChannel(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, ...input }: UpdateVideoChannelInput & { channelId: number }) =>
      api.patch<VideoChannel>(pathOf(videoRoutes.updateChannel, { workspaceId, channelId }), input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: videoChannelsQueryKey(workspaceId) }),
  });
}

/** Owner only. The list is asked again 1 s later (spec 02 section 4). */
export function useDeleteVideoChannel(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) =>
      api.delete(pathOf(videoRoutes.deleteChannel, { workspaceId, channelId })),
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
  const room = { workspaceId, channelId };
  return {
    channel: () => api.get<VideoChannel>(pathOf(videoRoutes.getChannel, room)),
    participants: () => api.get<VideoParticipant[]>(pathOf(videoRoutes.participants, room)),
    join: () => api.post<VideoParticipant>(pathOf(videoRoutes.join, room)),
    leave: (participantId: number) =>
      api.delete(pathOf(videoRoutes.leave, { ...room, participantId })),
    remove: (userId: number) => api.delete(pathOf(videoRoutes.removeMember, { ...room, userId })),
    joinConference: () => api.post<Conference>(pathOf(videoRoutes.joinConference, room)),
    claimBroadcast: () =>
      api.post<{ broadcasterId: number | null }>(pathOf(videoRoutes.claimBroadcast, room)),
    /** What this browser sends; anything on takes a publisher's place (409 when none is left). */
    setMedia: (media: MediaState) =>
      api.put<VideoParticipant>(pathOf(videoRoutes.setMedia, room), media),
    releaseBroadcast: () =>
      api.delete<{ broadcasterId: number | null }>(pathOf(videoRoutes.releaseBroadcast, room)),
  };
}
export type MeetingApi = ReturnType<typeof meetingApi>;

/** How old the pre-join screen's roster may be for the join to go by it. */
const KNOWN_ROSTER_MS = 60_000;

/**
 * Spec 02 section 4, step 1: look oneself up, join when absent. The roster the pre-join screen
 * looked up is taken when under a minute old (joining again is harmless, and the meeting socket's
 * subscription brings the current roster), so the join goes out at once after the click.
 * Answers the roster with oneself in it, and one's participant.
 */
export async function enterMeeting(
  queryClient: QueryClient,
  workspaceId: number,
  channelId: number,
  myId: number,
): Promise<{ list: VideoParticipant[]; mine: VideoParticipant }> {
  const calls = meetingApi(workspaceId, channelId);
  const looked = queryClient.getQueryState<VideoParticipant[]>(
    meetingParticipantsQueryKey(workspaceId, channelId),
  );
  const found =
    looked?.data && Date.now() - looked.dataUpdatedAt < KNOWN_ROSTER_MS
      ? looked.data
      : await calls.participants().catch((error: unknown) => {
          console.warn('participants could not be fetched; joining anyway', error);
          return [] as VideoParticipant[];
        });
  const mine = found.find((p) => p.userId === myId);
  if (mine) return { list: found, mine };
  const joined = await calls.join();
  return { list: [...found, joined], mine: joined };
}
