import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { ErrorCode } from './error-codes';
import { Limits } from './limits';

/** Texts of spec 02 sections 5 and 8 for video meetings, and the server's own refusals. */
export const VideoMessages = {
  nameRequired: '회의실 이름을 입력해주세요.',
  nameTooLong: `회의실 이름은 ${Limits.videoChannelNameMax}자 이하여야 합니다.`,
  duplicateName: '같은 이름의 화상회의 방이 이미 존재합니다. 다른 이름을 사용해주세요.',
  channelNotFound: '화상회의 방을 찾을 수 없습니다.',
  ownerOnly: '워크스페이스 소유자만 화상회의 방을 삭제할 수 있습니다.',
  participantNotFound: '회의 참가자를 찾을 수 없습니다.',
  removeForbidden:
    '회의 방을 만든 사람, 워크스페이스 소유자 또는 관리자만 참가자를 내보낼 수 있습니다.',
  notParticipant: '이 회의에 참가하고 있지 않습니다.',
  broadcasterBusy: '다른 참가자가 이미 방송 중입니다. 한 번에 한 사람만 방송할 수 있습니다.',
  mediaUnavailable: '화상회의 미디어 서버에 연결하지 못했습니다. 잠시 후 다시 시도해주세요.',
  chatRequired: '메시지를 입력해주세요.',
  chatTooLong: `메시지는 ${Limits.meetingChatMax.toLocaleString('ko-KR')}자 이하여야 합니다.`,
  teamNotInWorkspace: '이 워크스페이스의 팀만 회의실의 팀으로 고를 수 있습니다.',
  notInTeam: '자신이 속한 팀만 회의실의 팀으로 고를 수 있습니다.',
} as const;

const channelNameSchema = z
  .string(VideoMessages.nameRequired)
  .trim()
  .min(1, VideoMessages.nameRequired)
  .max(Limits.videoChannelNameMax, VideoMessages.nameTooLong);

/** POST /workspaces/{ws}/video-channels */
export const createVideoChannelSchema = z.object({
  name: channelNameSchema,
  /** The team the room belongs to (issue 45): one of the creator's, or any for a moderator. */
  teamId: idSchema.nullable().optional(),
});
export type CreateVideoChannelInput = z.input<typeof createVideoChannelSchema>;

export const workspaceVideoParamsSchema = z.object({ workspaceId: idSchema });
export const videoChannelParamsSchema = z.object({ workspaceId: idSchema, channelId: idSchema });
export const videoMemberParamsSchema = videoChannelParamsSchema.extend({ userId: idSchema });
export const videoParticipantParamsSchema = videoChannelParamsSchema.extend({
  participantId: idSchema,
});

/** Spec 02 section 3: participant id, userId, name, email, profileImageUrl. */
export const videoParticipantSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  joinedAt: z.string(),
});
export type VideoParticipant = z.infer<typeof videoParticipantSchema>;

export const videoChannelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  workspaceId: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  participantCount: z.number().int(),
  /** The user who publishes media now, if anyone. */
  broadcasterId: z.number().int().nullable(),
  /** The team whose room this is (null: the whole workspace's). */
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
});
export type VideoChannel = z.infer<typeof videoChannelSchema>;

/** An RTCIceServer as the browser takes it (STUN/TURN from the server's config). */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * POST .../join-conference. `livekit`: connect livekit-client to `url` with `token`. `builtin`:
 * peer-to-peer WebRTC signalled over the STOMP socket; `token` is null and `iceServers` applies.
 */
export const conferenceSchema = z.object({
  mode: z.enum(['livekit', 'builtin']),
  token: z.string().nullable(),
  url: z.string().nullable(),
  roomName: z.string(),
  identity: z.string(),
  iceServers: z.array(iceServerSchema),
  expiresAt: z.string().nullable(),
});
export type Conference = z.infer<typeof conferenceSchema>;

/** Answer of the broadcast claim: who broadcasts now (null: nobody). */
export const broadcastStateSchema = z.object({ broadcasterId: z.number().int().nullable() });

/** STOMP destinations of a meeting (spec 02 section 7 "Meeting live connections"). */
export const MeetingDestinations = {
  chat: (roomId: number) => `/sub/chat/${roomId}`,
  video: (roomId: number) => `/sub/video/${roomId}`,
  publishChat: (roomId: number) => `/pub/chat/${roomId}`,
  /** Built-in mode: WebRTC offers, answers and ICE candidates to one named peer. */
  publishSignal: (roomId: number) => `/pub/signal/${roomId}`,
  /** Built-in mode: signals addressed to the listener. */
  signalQueue: '/user/queue/signal',
} as const;

/** What a client publishes to `/pub/chat/{roomId}`. */
export const meetingChatSendSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('init') }),
  z.object({
    type: z.literal('chat'),
    message: z
      .string()
      .trim()
      .min(1, VideoMessages.chatRequired)
      .max(Limits.meetingChatMax, VideoMessages.chatTooLong),
  }),
]);

export type MeetingChatLine = {
  id: number;
  senderId: number | null;
  senderName: string;
  senderEmail: string;
  message: string;
  sentAt: string;
};
/** Who must leave the meeting (null: everyone, the room is gone). */
export type ShouldOutEvent = {
  type: 'SHOULD_OUT_CHANNEL';
  userId: number | null;
  reason: 'REMOVED' | 'CHANNEL_DELETED';
};

/** True when the event sends `userId` out of the meeting. */
export function sendsOut(event: { type?: unknown; userId?: unknown }, userId: number): boolean {
  return event.type === 'SHOULD_OUT_CHANNEL' && (event.userId === null || event.userId === userId);
}

/**
 * Spec 02 section 3: type init (with `logs`) or chat. SHOULD_OUT_CHANNEL also comes down the
 * chat stream, as its last event for whoever is sent out (the server ends that subscription).
 */
export type MeetingChatEvent =
  { type: 'init'; logs: MeetingChatLine[] } | ({ type: 'chat' } & MeetingChatLine) | ShouldOutEvent;

/**
 * `/sub/video/{roomId}` events. After SHOULD_OUT_CHANNEL the server ends the subscription of
 * whoever it sends out.
 */
export type VideoChannelEvent =
  | {
      type: 'GET_PARTICIPANTS_CONFIRMED';
      participants: VideoParticipant[];
      broadcasterId: number | null;
    }
  | ShouldOutEvent;

/** Built-in mode signalling, sent to `/pub/signal/{roomId}` with `to`, received with `from`. */
export const signalSendSchema = z.object({
  to: idSchema,
  /** `ready`: a viewer asks the broadcaster for an offer (its signal queue is listening now). */
  kind: z.enum(['ready', 'offer', 'answer', 'candidate', 'bye']),
  /** SDP for offer/answer, an RTCIceCandidateInit for candidate; opaque to the server. */
  data: z.unknown().optional(),
});
export type SignalSend = z.infer<typeof signalSendSchema>;
export type SignalEvent = {
  type: 'SIGNAL';
  roomId: number;
  from: number;
  kind: SignalSend['kind'];
  data?: unknown;
};

const videoChannelsPath = '/workspaces/:workspaceId/video-channels';
const videoChannelPath = `${videoChannelsPath}/:channelId` as const;

/** Spec 02 section 7 "Video"; join, leave and the broadcast claim are our own paths. */
export const videoEndpoints = {
  listChannels: endpoint({
    method: 'GET',
    path: videoChannelsPath,
    summary: 'The workspace’s video rooms, oldest first',
    params: workspaceVideoParamsSchema,
    response: z.array(videoChannelSchema),
  }),
  createChannel: endpoint({
    method: 'POST',
    path: videoChannelsPath,
    summary: 'Create a video room (name unique in the workspace: 409 otherwise)',
    params: workspaceVideoParamsSchema,
    body: createVideoChannelSchema,
    response: videoChannelSchema,
    status: 201,
    errors: { 400: [ErrorCode.VIDEO_TEAM_INVALID], 409: [ErrorCode.VIDEO_CHANNEL_DUPLICATE] },
  }),
  getChannel: endpoint({
    method: 'GET',
    path: videoChannelPath,
    summary: 'A video channel with its participants',
    params: videoChannelParamsSchema,
    response: videoChannelSchema,
  }),
  join: endpoint({
    method: 'POST',
    path: videoChannelPath,
    summary: 'Join the meeting (again: harmless); answers the caller’s participant',
    params: videoChannelParamsSchema,
    response: videoParticipantSchema,
  }),
  deleteChannel: endpoint({
    method: 'DELETE',
    path: videoChannelPath,
    summary: 'Delete a video room (workspace owner only)',
    params: videoChannelParamsSchema,
    status: 204,
  }),
  participants: endpoint({
    method: 'GET',
    path: `${videoChannelPath}/video-members`,
    summary: 'Who is in the meeting, in order of joining',
    params: videoChannelParamsSchema,
    response: z.array(videoParticipantSchema),
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: `${videoChannelPath}/video-members/:userId`,
    summary:
      'Remove someone from the meeting (themselves, or anyone by the room’s creator, the owner or an admin); they get SHOULD_OUT_CHANNEL',
    params: videoMemberParamsSchema,
    status: 204,
  }),
  leave: endpoint({
    method: 'DELETE',
    path: `${videoChannelPath}/participants/:participantId`,
    summary: 'Leave the meeting by participant id',
    params: videoParticipantParamsSchema,
    status: 204,
  }),
  joinConference: endpoint({
    method: 'POST',
    path: `${videoChannelPath}/join-conference`,
    summary: 'Media connection details: a LiveKit token, or ICE servers for built-in WebRTC',
    params: videoChannelParamsSchema,
    response: conferenceSchema,
  }),
  claimBroadcast: endpoint({
    method: 'POST',
    path: `${videoChannelPath}/broadcast`,
    summary: 'Claim the broadcast before publishing media (409 while someone else holds it)',
    params: videoChannelParamsSchema,
    response: broadcastStateSchema,
    errors: { 409: [ErrorCode.VIDEO_BROADCASTER_BUSY] },
  }),
  releaseBroadcast: endpoint({
    method: 'DELETE',
    path: `${videoChannelPath}/broadcast`,
    summary: 'Give up the broadcast (after unpublishing)',
    params: videoChannelParamsSchema,
    response: broadcastStateSchema,
  }),
};
