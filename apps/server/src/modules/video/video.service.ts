import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import { Limits } from '@teamup/contracts/limits';
import {
  VideoMessages as M,
  type UpdateVideoChannelInput,
  type VideoMode,
  type ShouldOutEvent,
  type VideoChannel,
  type VideoChannelEvent,
  type VideoParticipant,
} from '@teamup/contracts/video';
import type { AppContext } from '../../context';
import type { DomainEventReaction, MemberRemovalStep } from '../../platform/module';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { requireMembership } from '../workspaces/membership.service';
import { canModerateWorkspace } from '../workspaces/workspaces.policy';
import { loadTeam, teamMembersAmong } from '../teams/team-access.service';
import { syncAttendance } from './attendance.repo';
import { announceAccessChange } from '../../platform/realtime/live-access';
import { liveRoomControl } from './live-room';
import {
  participantsConfirmed,
  presentChannel,
  presentParticipant,
  shouldOut,
} from './video.presenter';
import * as repo from './video.repo';
import {
  assertMayChangeMode,
  assertMayDeleteChannel,
  assertMayRemoveParticipant,
  notParticipant,
} from './video.policy';

const channelNotFound = () => notFound(M.channelNotFound, ErrorCode.VIDEO_CHANNEL_NOT_FOUND);

/**
 * How many may publish at once: the one broadcaster of a presentation; in a discussion, the
 * built-in mesh's limit, or none of ours over LiveKit (the SFU room's own limit applies).
 */
export function publisherLimit(ctx: AppContext, mode: VideoMode): number | null {
  if (mode === 'PRESENTATION') return 1;
  return ctx.config.livekit ? null : Limits.meshPublishersMax;
}

const present = (ctx: AppContext, row: repo.ChannelView) =>
  presentChannel(row, publisherLimit(ctx, row.mode));

/** The channel, if it belongs to the workspace and the caller is a member there; with the role. */
export async function requireChannel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  id: number,
) {
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
  const event = shouldOut(userId, reason);
  await publishVideoEvent(ctx, channelId, event);
  await ctx.bus.publishUnlogged(Topics.meetingChat(channelId), event);
}

/** Who is in the meeting now and who publishes, as an event; null when the channel is gone. */
export async function participantsNow(
  ctx: AppContext,
  channelId: number,
): Promise<VideoChannelEvent | null> {
  const db = ctx.database.db;
  const channel = await repo.findChannel(db, channelId);
  if (!channel) return null;
  return participantsConfirmed(await repo.listParticipants(db, channelId), channel);
}

/** Tells everyone in the meeting who is in it now and who broadcasts. */
export async function announceParticipants(ctx: AppContext, channelId: number) {
  const event = await participantsNow(ctx, channelId);
  if (event) await publishVideoEvent(ctx, channelId, event);
}

export async function listChannels(ctx: AppContext, userId: number, workspaceId: number) {
  await requireMembership(ctx, workspaceId, userId);
  return (await repo.listChannels(ctx.database.db, workspaceId)).map((row) => present(ctx, row));
}

export async function createChannel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: { name: string; teamId?: number | null | undefined; mode?: VideoMode | undefined },
): Promise<VideoChannel> {
  const role = await requireMembership(ctx, workspaceId, userId);
  const db = ctx.database.db;
  let team: { id: number; name: string } | null = null;
  if (input.teamId != null) {
    // A team of this workspace: one the creator is in, or any for the workspace's moderators.
    const found = await loadTeam(db, input.teamId).catch(() => undefined);
    if (!found || found.workspaceId !== workspaceId) {
      throw badRequest(ErrorCode.VIDEO_TEAM_INVALID, M.teamNotInWorkspace);
    }
    const inTeam = (await teamMembersAmong(ctx, found.id, [userId])).length > 0;
    if (!canModerateWorkspace(role) && !inTeam) {
      throw forbidden(M.notInTeam, ErrorCode.VIDEO_TEAM_INVALID);
    }
    team = { id: found.id, name: found.name };
  }
  const inserted = await repo.insertChannel(db, {
    workspaceId,
    name: input.name,
    createdBy: userId,
    teamId: team?.id ?? null,
    mode: input.mode ?? 'PRESENTATION',
  });
  if (!inserted) throw conflict(ErrorCode.VIDEO_CHANNEL_DUPLICATE, M.duplicateName);
  return present(ctx, { ...inserted, participantCount: 0, teamName: team?.name ?? null });
}

export async function getChannel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
): Promise<VideoChannel> {
  const { channel } = await requireChannel(ctx, userId, workspaceId, channelId);
  return present(ctx, channel);
}

/** The channel, when the caller may choose its mode (also the PATCH route's access step). */
export async function requireModeChanger(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const found = await requireChannel(ctx, userId, workspaceId, channelId);
  assertMayChangeMode(found.channel, userId, found.role);
  return found;
}

/**
 * Chooses the meeting's mode: its creator or a workspace moderator, between meetings only (the
 * screens and media of people inside were set up for the mode they entered).
 */
export async function updateChannel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
  input: UpdateVideoChannelInput,
): Promise<VideoChannel> {
  const { channel } = await requireModeChanger(ctx, userId, workspaceId, channelId);
  if (channel.mode !== input.mode) {
    const changed = await repo.updateModeWhileEmpty(ctx.database.db, channelId, input.mode);
    if (!changed) throw conflict(ErrorCode.VIDEO_MODE_LOCKED, M.modeLocked);
  }
  const after = await repo.findChannel(ctx.database.db, channelId);
  if (!after) throw channelNotFound();
  return present(ctx, after);
}

/** Workspace owner only (spec 02 section 6); everyone inside is sent out first. */
export async function deleteChannel(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const { role } = await requireChannel(ctx, userId, workspaceId, channelId);
  assertMayDeleteChannel(role);
  await repo.deleteChannel(ctx.database.db, channelId);
  await sendOut(ctx, channelId, null, 'CHANNEL_DELETED');
  // Whoever still listens to the meeting (not only its participants) stops.
  await announceAccessChange(ctx, {
    topics: [Topics.videoChannel(channelId), Topics.meetingChat(channelId)],
  });
  await liveRoomControl(ctx).close(workspaceId, channelId);
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
  await syncAttendance(db, channelId, ctx.now());
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
  assertMayRemoveParticipant(channel, actorId, role, participant.userId);
  const self = participant.userId === actorId;
  await repo.removeParticipant(db, channelId, participant.userId);
  await syncAttendance(db, channelId, ctx.now());
  if (!self) {
    await sendOut(ctx, channelId, participant.userId, 'REMOVED');
  }
  await announceParticipants(ctx, channelId);
  await liveRoomControl(ctx).disconnect([{ workspaceId, channelId, userId: participant.userId }]);
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

/** Someone's participation in a meeting; 403 when they are not in it. */
export async function participantOf(ctx: AppContext, channelId: number, userId: number) {
  const participant = await repo.findParticipant(ctx.database.db, channelId, { userId });
  if (!participant) throw notParticipant();
  return participant;
}

/** The channel and the caller's participation in it (also PUT .../media's access step). */
export async function requireParticipant(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  channelId: number,
) {
  const found = await requireChannel(ctx, userId, workspaceId, channelId);
  return { ...found, participant: await participantOf(ctx, channelId, userId) };
}

/** Someone leaving the workspace leaves its video channels in the same write. */
export const leaveWorkspaceChannels: MemberRemovalStep = async (db, workspaceId, userId) => {
  const channelIds = await repo.removeFromWorkspace(db, workspaceId, userId);
  const now = new Date();
  for (const channelId of new Set(channelIds)) await syncAttendance(db, channelId, now);
};

/** Someone removed from the workspace is sent out of its meetings, on every instance. */
export const endRemovedMembersMeetings: DomainEventReaction = async (ctx, event) => {
  if (event.type !== 'WORKSPACE_MEMBER_REMOVED') return;
  const channels = await repo.listChannels(ctx.database.db, event.workspaceId);
  for (const channel of channels) {
    await sendOut(ctx, channel.id, event.userId, 'REMOVED');
    await announceParticipants(ctx, channel.id);
  }
  await liveRoomControl(ctx).disconnect(
    channels.map((channel) => ({
      workspaceId: event.workspaceId,
      channelId: channel.id,
      userId: event.userId,
    })),
  );
};
