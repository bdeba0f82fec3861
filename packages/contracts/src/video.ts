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
  broadcastInDiscussion:
    '회의 모드에서는 방송 권한을 받지 않아도 누구나 카메라와 마이크를 켤 수 있습니다.',
  modeForbidden:
    '회의실을 만든 사람, 워크스페이스 소유자 또는 관리자만 회의 방식을 바꿀 수 있습니다.',
  modeLocked: '회의가 진행 중일 때는 회의 방식을 바꿀 수 없습니다. 모두 나간 뒤에 바꿔주세요.',
  modeInvalid: '회의 방식은 발표 모드 또는 회의 모드 중에서 골라주세요.',
  publishersFull: `기본 화상회의는 회의 모드에서 최대 ${Limits.meshPublishersMax}명까지 카메라·마이크·화면을 켤 수 있습니다. 더 큰 회의는 관리자에게 LiveKit 미디어 서버 연결을 요청해주세요.`,
} as const;

/**
 * How a meeting runs (issue 47): PRESENTATION is the specification's (one broadcaster at a time,
 * its alerts); DISCUSSION lets everyone publish at once, up to the publisher limit.
 */
export const VIDEO_MODES = ['PRESENTATION', 'DISCUSSION'] as const;
export const videoModeSchema = z.enum(VIDEO_MODES, VideoMessages.modeInvalid);
export type VideoMode = z.infer<typeof videoModeSchema>;

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
  /** Presentation unless chosen otherwise. */
  mode: videoModeSchema.optional(),
});
export type CreateVideoChannelInput = z.input<typeof createVideoChannelSchema>;

/** PATCH .../video-channels/{id}: the creator or a workspace moderator, while nobody is inside. */
export const updateVideoChannelSchema = z.object({ mode: videoModeSchema });
export type UpdateVideoChannelInput = z.input<typeof updateVideoChannelSchema>;

/** PUT .../media: what the caller sends now; anything on takes a publisher's place. */
export const mediaStateSchema = z.object({
  camera: z.boolean(),
  microphone: z.boolean(),
  screen: z.boolean(),
});
export type MediaState = z.infer<typeof mediaStateSchema>;

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
  /** Discussion mode: what they said they send (PUT .../media); all false for a viewer. */
  media: mediaStateSchema,
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
  mode: videoModeSchema,
  /**
   * How many may publish at once: 1 in presentation mode; in discussion mode the built-in mesh's
   * limit, or null over LiveKit (the SFU room's own limit applies).
   */
  publisherLimit: z.number().int().nullable(),
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
      /** The channel's mode and who publishes now (ours, beside the spec's fields). */
      mode: VideoMode;
      publisherIds: number[];
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
  updateChannel: endpoint({
    method: 'PATCH',
    path: videoChannelPath,
    summary:
      'Choose the meeting’s mode (its creator, the owner or an admin; 409 while anyone is in the meeting)',
    params: videoChannelParamsSchema,
    body: updateVideoChannelSchema,
    response: videoChannelSchema,
    errors: { 403: [ErrorCode.VIDEO_MODE_FORBIDDEN], 409: [ErrorCode.VIDEO_MODE_LOCKED] },
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
    summary:
      'Claim the broadcast before publishing media (409 while someone else holds it, or in a discussion, where PUT …/media is the way)',
    params: videoChannelParamsSchema,
    response: broadcastStateSchema,
    errors: { 409: [ErrorCode.VIDEO_BROADCASTER_BUSY, ErrorCode.VIDEO_NOT_PRESENTATION] },
  }),
  setMedia: endpoint({
    method: 'PUT',
    path: `${videoChannelPath}/media`,
    summary:
      'Say what the caller publishes; anything on takes a publisher’s place (presentation: the broadcast, 409 while held; discussion: up to the limit, 409 beyond)',
    params: videoChannelParamsSchema,
    body: mediaStateSchema,
    response: videoParticipantSchema,
    errors: { 409: [ErrorCode.VIDEO_BROADCASTER_BUSY, ErrorCode.VIDEO_PUBLISHERS_FULL] },
  }),
  releaseBroadcast: endpoint({
    method: 'DELETE',
    path: `${videoChannelPath}/broadcast`,
    summary: 'Give up the broadcast (after unpublishing)',
    params: videoChannelParamsSchema,
    response: broadcastStateSchema,
  }),
};
