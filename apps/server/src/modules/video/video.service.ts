import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import { Limits } from '@teamup/contracts/limits';
import {
  VideoMessages as M,
  type Conference,
  type MeetingChatEvent,
  type MeetingChatLine,
  type ShouldOutEvent,
  type SignalEvent,
  type SignalSend,
  type VideoChannel,
  type VideoChannelEvent,
  type VideoParticipant,
} from '@teamup/contracts/video';
import { AccessToken } from 'livekit-server-sdk';
import type { AppContext } from '../../context';
import { onDomainEvent } from '../../platform/domain-events';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import {
  isAdminRole,
  registerMemberRemovalStep,
  requireMembership,
} from '../workspaces/workspaces.service';
import { liveRoomControl } from './live-room';
import * as repo from './video.repo';

const channelNotFound = () => notFound(M.channelNotFound, ErrorCode.VIDEO_CHANNEL_NOT_FOUND);
const notParticipant = () => forbidden(M.notParticipant, ErrorCode.VIDEO_NOT_PARTICIPANT);

function presentChannel(row: repo.ChannelView): VideoChannel {
  return {
    id: row.id,
    name: row.name,
    workspaceId: row.workspaceId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    participantCount: row.participantCount,
    broadcasterId: row.broadcasterId,
  };
}

function presentParticipant(row: repo.ParticipantView): VideoParticipant {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    joinedAt: row.joinedAt.toISOString(),
  };
}

function presentLine(row: repo.ChatLineRow): MeetingChatLine {
  return {
    id: row.id,
    senderId: row.senderId,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    message: row.message,
    sentAt: row.createdAt.toISOString(),
  };
}

/** The channel, if it belongs to the workspace and the caller is a member there; with the role. */
async function requireChannel(ctx: AppContext, userId: number, workspaceId: number, id: number) {
  const role = await requireMembership(ctx, workspaceId, userId);
  const channel = await repo.findChannel(ctx.database.db, id);
  if (!channel || channel.workspaceId !== workspaceId) throw channelNotFound();
  return { channel, role };
}

/** Meeting events go to open sockets only: nothing to replay, so they skip the event log. */
function publishVideoEvent(ctx: AppContext, channelId: number, event: VideoChannelEvent) {
  return ctx.bus.publishUnlogged(Topics.videoChannel(channelId), event);
}

/**
 * Sends someone (null: everyone) out of the meeting, on both of its streams: their sockets end
 * those subscriptions after this event, so nobody keeps listening to a meeting they left.
 */
async function sendOut(
  ctx: AppContext,
  channelId: number,
  userId: number | null,
  reason: ShouldOutEvent['reason'],
) {
  const event: ShouldOutEvent = { type: 'SHOULD_OUT_CHANNEL', userId, reason };
  await publishVideoEvent(ctx, channelId, event);
  await ctx.bus.publishUnlogged(Topics.meetingChat(channelId), event);
}

/** Tells everyone in the meeting who is in it now and who broadcasts. */
export async function announceParticipants(ctx: AppContext, channelId: number) {
  const db = ctx.database.db;
  const channel = await repo.findChannel(db, channelId);
  if (!channel) return;
  const participants = (await repo.listParticipants(db, channelId)).map(presentParticipant);
  await publishVideoEvent(ctx, channelId, {
    type: 'GET_PARTICIPANTS_CONFIRMED',
    participants,
    broadcasterId: channel.broadcasterId,
  });
}

export async function listChannels(ctx: AppContext, userId: number, workspaceId: number) {
  await requireMembership(ctx, workspaceId, userId);
  return (await repo.listChannels(ctx.database.db, workspaceId)).map(presentChannel);
}

export async function createChannel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  name: string,
): Promise<VideoChannel> {
  await requireMembership(ctx, workspaceId, userId);
  const inserted = await repo.insertChannel(ctx.database.db, {
    workspaceId,
    name,
    createdBy: userId,
  });
  if (!inserted) throw conflict(ErrorCode.VIDEO_CHANNEL_DUPLICATE, M.duplicateName);
  return presentChannel({ ...inserted, participantCount: 0 });
}

export async function getChannel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
): Promise<VideoChannel> {
  const { channel } = await requireChannel(ctx, userId, workspaceId, channelId);
  return presentChannel(channel);
}

/** Workspace owner only (spec 02 section 6); everyone inside is sent out first. */
export async function deleteChannel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const { role } = await requireChannel(ctx, userId, workspaceId, channelId);
  if (role !== 'OWNER') throw forbidden(M.ownerOnly, ErrorCode.VIDEO_OWNER_ONLY);
  await repo.deleteChannel(ctx.database.db, channelId);
  await sendOut(ctx, channelId, null, 'CHANNEL_DELETED');
  await liveRoomControl(ctx).close(liveRoomName(workspaceId, channelId));
}

export async function listParticipants(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
): Promise<VideoParticipant[]> {
  await requireChannel(ctx, userId, workspaceId, channelId);
  return (await repo.listParticipants(ctx.database.db, channelId)).map(presentParticipant);
}

/** Enters the meeting (again: harmless) and answers the caller's participant. */
export async function join(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
): Promise<VideoParticipant> {
  await requireChannel(ctx, userId, workspaceId, channelId);
  const db = ctx.database.db;
  await repo.upsertParticipant(db, channelId, userId, ctx.now());
  const participant = await repo.findParticipant(db, channelId, { userId });
  if (!participant) throw channelNotFound(); // the channel went in between
  await announceParticipants(ctx, channelId);
  return presentParticipant(participant);
}

/**
 * Removes someone from the meeting: oneself (leaving), or anyone by the channel's creator, the
 * workspace owner or an admin. The removed person is told to go (SHOULD_OUT_CHANNEL).
 */
async function removeParticipant(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  channelId: number,
  target: { userId: number } | { participantId: number },
) {
  const { channel, role } = await requireChannel(ctx, actorId, workspaceId, channelId);
  const db = ctx.database.db;
  const participant = await repo.findParticipant(db, channelId, target);
  if (!participant) {
    throw notFound(M.participantNotFound, ErrorCode.VIDEO_PARTICIPANT_NOT_FOUND);
  }
  const self = participant.userId === actorId;
  if (!self && channel.createdBy !== actorId && !isAdminRole(role)) {
    throw forbidden(M.removeForbidden, ErrorCode.VIDEO_REMOVE_FORBIDDEN);
  }
  await repo.removeParticipant(db, channelId, participant.userId);
  if (!self) {
    await sendOut(ctx, channelId, participant.userId, 'REMOVED');
  }
  await announceParticipants(ctx, channelId);
  await liveRoomControl(ctx).disconnect(
    liveRoomName(workspaceId, channelId),
    String(participant.userId),
  );
}

/** DELETE .../video-members/{userId}. */
export const removeMember = (
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  channelId: number,
  userId: number,
) => removeParticipant(ctx, actorId, workspaceId, channelId, { userId });

/** Leaving by participant id (the meeting screen's leave). */
export const leave = (
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  channelId: number,
  participantId: number,
) => removeParticipant(ctx, actorId, workspaceId, channelId, { participantId });

async function requireParticipant(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const found = await requireChannel(ctx, userId, workspaceId, channelId);
  const participant = await repo.findParticipant(ctx.database.db, channelId, { userId });
  if (!participant) throw notParticipant();
  return { ...found, participant };
}

/** The LiveKit room of a channel: unique across workspaces, stable for the channel's life. */
const liveRoomName = (workspaceId: number, channelId: number) =>
  `ws${workspaceId}-video${channelId}`;

/**
 * POST .../join-conference. LiveKit mode: an access token for this room and identity, with the
 * name in the metadata (spec 02 section 3). Built-in mode: the ICE servers for peer-to-peer.
 */
export async function joinConference(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
): Promise<Conference> {
  const { channel, participant } = await requireParticipant(ctx, userId, workspaceId, channelId);
  const roomName = liveRoomName(workspaceId, channelId);
  const identity = String(userId);
  const livekit = ctx.config.livekit;
  if (!livekit) {
    return {
      mode: 'builtin',
      token: null,
      url: null,
      roomName,
      identity,
      iceServers: ctx.config.iceServers,
      expiresAt: null,
    };
  }
  const ttlSeconds = Limits.conferenceTokenSeconds;
  const token = new AccessToken(livekit.apiKey, livekit.apiSecret, {
    identity,
    name: participant.name,
    ttl: ttlSeconds,
    metadata: JSON.stringify({
      userName: participant.name,
      email: participant.email,
      userId,
    }),
  });
  // Publishing is the broadcaster's alone; claiming the broadcast grants it on the SFU.
  token.addGrant({
    roomJoin: true,
    room: roomName,
    canPublish: channel.broadcasterId === userId,
    canPublishData: false,
    canSubscribe: true,
  });
  return {
    mode: 'livekit',
    token: await token.toJwt(),
    url: livekit.url,
    roomName,
    identity,
    iceServers: [],
    expiresAt: new Date(ctx.now().getTime() + ttlSeconds * 1000).toISOString(),
  };
}

/**
 * One broadcaster at a time (spec 02 section 4), enforced here: a participant claims before
 * publishing camera, screen or microphone; a claim while someone else holds it is refused.
 */
export async function startBroadcast(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const { channel } = await requireParticipant(ctx, userId, workspaceId, channelId);
  const broadcasterId = await repo.claimBroadcast(ctx.database.db, channelId, userId);
  if (broadcasterId !== userId) {
    throw conflict(ErrorCode.VIDEO_BROADCASTER_BUSY, M.broadcasterBusy);
  }
  try {
    await liveRoomControl(ctx).allowPublishing(
      liveRoomName(workspaceId, channelId),
      String(userId),
      true,
    );
  } catch (error) {
    ctx.logger.warn({ err: error }, 'LiveKit: could not grant publishing');
    await repo.releaseBroadcast(ctx.database.db, channelId, userId);
    if (channel.broadcasterId === userId) await announceParticipants(ctx, channelId);
    throw new AppError(503, ErrorCode.VIDEO_MEDIA_UNAVAILABLE, M.mediaUnavailable);
  }
  if (channel.broadcasterId !== userId) await announceParticipants(ctx, channelId);
  return { broadcasterId };
}

export async function stopBroadcast(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const { channel } = await requireChannel(ctx, userId, workspaceId, channelId);
  await repo.releaseBroadcast(ctx.database.db, channelId, userId);
  if (channel.broadcasterId === userId) {
    await announceParticipants(ctx, channelId);
    await liveRoomControl(ctx).allowPublishing(
      liveRoomName(workspaceId, channelId),
      String(userId),
      false,
    );
  }
  const after = await repo.findChannel(ctx.database.db, channelId);
  return { broadcasterId: after?.broadcasterId ?? null };
}

// --- Meeting live connection (STOMP) -----------------------------------------------------------

/** Who may listen to a meeting's destinations: members of the channel's workspace. */
export async function mayListen(ctx: AppContext, channelId: number, userId: number) {
  const channel = await repo.findChannel(ctx.database.db, channelId);
  if (!channel) return false;
  try {
    await requireMembership(ctx, channel.workspaceId, userId);
    return true;
  } catch {
    return false;
  }
}

/** The `init` answer: the stored history, oldest first. */
export async function chatHistory(ctx: AppContext, channelId: number): Promise<MeetingChatEvent> {
  const rows = await repo.recentChatLines(ctx.database.db, channelId, Limits.meetingChatHistory);
  return { type: 'init', logs: rows.map(presentLine) };
}

async function participantOf(ctx: AppContext, channelId: number, userId: number) {
  const participant = await repo.findParticipant(ctx.database.db, channelId, { userId });
  if (!participant) throw notParticipant();
  return participant;
}

/** Stores a meeting chat line from a participant and sends it to the meeting. */
export async function sendMeetingChat(
  ctx: AppContext,
  userId: number,
  channelId: number,
  message: string,
) {
  const sender = await participantOf(ctx, channelId, userId);
  const row = await repo.insertChatLine(ctx.database.db, {
    channelId,
    senderId: userId,
    senderName: sender.name,
    senderEmail: sender.email,
    message,
    createdAt: ctx.now(),
  });
  const event: MeetingChatEvent = { type: 'chat', ...presentLine(row) };
  await ctx.bus.publishUnlogged(Topics.meetingChat(channelId), event);
}

/**
 * Built-in mode: passes an offer, answer or ICE candidate to the one named peer. Both ends must
 * be in the meeting; nobody else ever sees it.
 */
export async function relaySignal(
  ctx: AppContext,
  from: number,
  channelId: number,
  signal: SignalSend,
) {
  await participantOf(ctx, channelId, from);
  // The peer may have just left: the signal has nobody to go to, which is not the sender's fault.
  const peer = await repo.findParticipant(ctx.database.db, channelId, { userId: signal.to });
  if (!peer) return;
  const event: SignalEvent = {
    type: 'SIGNAL',
    roomId: channelId,
    from,
    kind: signal.kind,
    ...(signal.data === undefined ? {} : { data: signal.data }),
  };
  await ctx.bus.publishUnlogged(Topics.videoSignal(signal.to), event);
}

/** Open meeting connections mark their participants as present. */
export function touchPresence(
  ctx: AppContext,
  pairs: ReadonlyArray<{ channelId: number; userId: number }>,
) {
  return repo.touchParticipants(ctx.database.db, pairs, ctx.now());
}

/**
 * Removes participants whose meeting connection has been gone for the grace period (a closed
 * laptop, a lost network) and tells the meetings. Safe on several instances at once: a row is
 * deleted once.
 */
export async function sweepAbsent(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - Limits.videoPresenceGraceSeconds * 1000);
  const removed = await repo.removeUnseen(ctx.database.db, before);
  for (const channelId of new Set(removed.map((row) => row.channelId))) {
    await announceParticipants(ctx, channelId);
  }
  await Promise.all(
    removed.map((row) =>
      liveRoomControl(ctx).disconnect(
        liveRoomName(row.workspaceId, row.channelId),
        String(row.userId),
      ),
    ),
  );
  return removed.length;
}

registerMemberRemovalStep(async (db, workspaceId, userId) => {
  await repo.removeFromWorkspace(db, workspaceId, userId);
});

onDomainEvent(async (ctx, event) => {
  if (event.type !== 'WORKSPACE_MEMBER_REMOVED') return;
  const channels = await repo.listChannels(ctx.database.db, event.workspaceId);
  for (const channel of channels) {
    await sendOut(ctx, channel.id, event.userId, 'REMOVED');
    await announceParticipants(ctx, channel.id);
  }
  await Promise.all(
    channels.map((channel) =>
      liveRoomControl(ctx).disconnect(
        liveRoomName(event.workspaceId, channel.id),
        String(event.userId),
      ),
    ),
  );
});
