import { Topics } from '@teamup/contracts/events';
import { Limits } from '@teamup/contracts/limits';
import type { MeetingChatEvent, SignalEvent, SignalSend } from '@teamup/contracts/video';
import type { AppContext } from '../../context';
import { requireMembership } from '../workspaces/membership.service';
import { syncAttendance } from './attendance.repo';
import { liveRoomControl } from './live-room';
import { chatInit, chatLine } from './video.presenter';
import * as repo from './video.repo';
import { announceParticipants, participantOf } from './video.service';
import { ModuleStateKey } from '../../platform/module-state';

/**
 * Whom signalling has recently found in a meeting. Connecting four browsers takes some 150
 * signals, mostly ICE candidates a few milliseconds apart; two participant queries each queued
 * them behind one another on the embedded database's one connection (about a second a signal on
 * the benchmark). A participant found stays found for a few seconds: someone removed may pass a
 * signal or two after, which the others' browsers ignore (they are no longer on the roster).
 */
export class SignalPeers {
  private readonly found = new Map<string, number>();

  constructor(private readonly ctx: AppContext) {}

  async isParticipant(channelId: number, userId: number): Promise<boolean> {
    const key = `${channelId}:${userId}`;
    const now = this.ctx.now().getTime();
    const until = this.found.get(key);
    if (until !== undefined && until > now) return true;
    const participant = await repo.findParticipant(this.ctx.database.db, channelId, { userId });
    if (!participant) {
      this.found.delete(key);
      return false;
    }
    if (this.found.size > SIGNAL_PEERS_MAX) this.found.clear();
    this.found.set(key, now + Limits.signalPeerCacheSeconds * 1000);
    return true;
  }
}

/** Far more than the people in meetings at once on one instance; a bound, not a working size. */
const SIGNAL_PEERS_MAX = 10_000;

export const signalPeersState = new ModuleStateKey(
  'video: participants found by signalling',
  (ctx) => new SignalPeers(ctx),
);

/*
 * The meeting's live side (spec 02 "Meeting live connections"): who may listen, the meeting chat,
 * signalling between peers in built-in mode, and presence. Channels, participants and the
 * broadcast claim are in video.service.ts.
 */

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
  return chatInit(rows);
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
  await ctx.bus.publishUnlogged(Topics.meetingChat(channelId), chatLine(row));
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
  const peers = ctx.moduleState.get(signalPeersState);
  if (!(await peers.isParticipant(channelId, from))) await participantOf(ctx, channelId, from);
  // The peer may have just left: the signal has nobody to go to, which is not the sender's fault.
  if (!(await peers.isParticipant(channelId, signal.to))) return;
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
    // Their stays end when they were last seen, not when the sweep noticed.
    const lastSeen = new Map(
      removed
        .filter((row) => row.channelId === channelId)
        .map((row) => [row.userId, row.lastSeenAt]),
    );
    await syncAttendance(ctx.database.db, channelId, ctx.now(), lastSeen);
    await announceParticipants(ctx, channelId);
  }
  await liveRoomControl(ctx).disconnect(removed);
  return removed.length;
}
