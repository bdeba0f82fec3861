import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import {
  VideoMessages as M,
  type Conference,
  type MediaState,
  type VideoParticipant,
} from '@teamup/contracts/video';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../platform/errors/app-error';
import { liveRoomControl, liveRoomName } from './live-room';
import { presentParticipant } from './video.presenter';
import * as repo from './video.repo';
import { notParticipant } from './video.policy';
import {
  announceParticipants,
  publisherLimit,
  requireChannel,
  requireParticipant,
} from './video.service';

/**
 * Who sends what in a meeting (issue 47 split it from the channels and participants): the media
 * connection details, the presentation's one broadcast, and the discussion's publisher places.
 * Each call that changes who sends tells the meeting once.
 */

const nothingSent: MediaState = { camera: false, microphone: false, screen: false };

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
  // The LiveKit SDK is loaded only in LiveKit mode, on the first join.
  const { AccessToken } = await import('livekit-server-sdk');
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
  // A presentation's publishing is the broadcaster's alone (claiming the broadcast grants it on
  // the SFU); in a discussion everyone may publish, up to the SFU room's limit.
  token.addGrant({
    roomJoin: true,
    room: roomName,
    canPublish: channel.mode === 'DISCUSSION' || channel.broadcasterId === userId,
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

interface Place {
  userId: number;
  workspaceId: number;
  channelId: number;
}

/**
 * Takes the broadcast for `place.userId` (refused while someone else holds it) and lets them
 * publish on the SFU. Answers whether the broadcaster changed, which the caller announces.
 */
async function claimBroadcast(ctx: AppContext, place: Place, heldBy: number | null) {
  const broadcasterId = await repo.claimBroadcast(ctx.database.db, place.channelId, place.userId);
  if (broadcasterId !== place.userId) {
    throw conflict(ErrorCode.VIDEO_BROADCASTER_BUSY, M.broadcasterBusy);
  }
  try {
    await liveRoomControl(ctx).allowPublishing(place, true);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'LiveKit: could not grant publishing');
    await repo.releaseBroadcast(ctx.database.db, place.channelId, place.userId);
    if (heldBy === place.userId) await announceParticipants(ctx, place.channelId);
    throw new AppError(503, ErrorCode.VIDEO_MEDIA_UNAVAILABLE, M.mediaUnavailable);
  }
  return heldBy !== place.userId;
}

/**
 * Gives the broadcast back (whichever call gives it back, the giver sends nothing any more).
 * Answers whether the broadcaster changed: the caller announces it, then `endPublishing`.
 */
async function releaseBroadcast(ctx: AppContext, place: Place, heldBy: number | null) {
  const db = ctx.database.db;
  await repo.releaseBroadcast(db, place.channelId, place.userId);
  await repo.setMediaState(db, place.channelId, place.userId, nothingSent, null);
  return heldBy === place.userId;
}

/** The SFU stops taking what the former broadcaster sends (after the meeting was told). */
const endPublishing = (ctx: AppContext, place: Place) =>
  liveRoomControl(ctx).allowPublishing(place, false);

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
  if (channel.mode === 'DISCUSSION') {
    throw conflict(ErrorCode.VIDEO_NOT_PRESENTATION, M.broadcastInDiscussion);
  }
  const place = { userId, workspaceId, channelId };
  if (await claimBroadcast(ctx, place, channel.broadcasterId)) {
    await announceParticipants(ctx, channelId);
  }
  return { broadcasterId: userId };
}

export async function stopBroadcast(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const { channel } = await requireChannel(ctx, userId, workspaceId, channelId);
  const place = { userId, workspaceId, channelId };
  if (await releaseBroadcast(ctx, place, channel.broadcasterId)) {
    await announceParticipants(ctx, channelId);
    await endPublishing(ctx, place);
  }
  const after = await repo.findChannel(ctx.database.db, channelId);
  return { broadcasterId: after?.broadcasterId ?? null };
}

/**
 * PUT .../media: what the caller sends now. Anything on takes a publisher's place: the broadcast
 * in a presentation (its rules and refusal), one of the places in a discussion (refused beyond the
 * limit). Everything off gives the place up. The meeting hears of it once.
 */
export async function setMedia(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
  media: MediaState,
): Promise<VideoParticipant> {
  const { channel } = await requireParticipant(ctx, userId, workspaceId, channelId);
  const db = ctx.database.db;
  const place = { userId, workspaceId, channelId };
  const sending = media.camera || media.microphone || media.screen;
  let released = false;
  if (channel.mode === 'PRESENTATION') {
    if (sending) await claimBroadcast(ctx, place, channel.broadcasterId);
    else released = await releaseBroadcast(ctx, place, channel.broadcasterId);
  }
  const granted = await repo.setMediaState(
    db,
    channelId,
    userId,
    media,
    channel.mode === 'DISCUSSION' ? publisherLimit(ctx, channel.mode) : null,
  );
  if (!granted) throw conflict(ErrorCode.VIDEO_PUBLISHERS_FULL, M.publishersFull);
  await announceParticipants(ctx, channelId);
  if (released) await endPublishing(ctx, place);
  const participant = await repo.findParticipant(db, channelId, { userId });
  if (!participant) throw notParticipant(); // removed in between
  return presentParticipant(participant);
}
