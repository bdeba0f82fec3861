import type { MediaState } from '@teamup/contracts/video';

/*
 * A mesh pair can end up connected with a picture that never comes one way, and nothing says so:
 * no ICE failure, no error, a tile that stays dark (issue 47's benchmark: 1 to 3 peers of 60 in
 * some runs). Rather than find every negotiation path that can lead there, each browser looks at
 * each of its connections once a second and repairs what it sees: its own tracks not negotiated,
 * an offer of its own left unanswered, a pair whose descriptions settled long ago and still is not
 * connected, or a peer whose roster entry says it sends sound or picture that never arrives on a
 * connection that is up.
 *
 * Slowness is not a fault: on a loaded machine (four meeting tabs on two cores) a pair takes 10 s
 * and more to connect, and a signal seconds to cross. A first version also started afresh any
 * pair not connected after 10 s: on such a machine that cut connections about to come up, each
 * new one slower than the last (28 connections a round where 16 do). So it does only what cannot
 * come right by itself, after margins well past the slowest run seen: a connection is judged only
 * from when its descriptions settled, which is when ICE and DTLS can start.
 */

export type MediaKind = 'audio' | 'video';
export const MEDIA_KINDS: readonly MediaKind[] = ['audio', 'video'];

/** How often every connection is looked at. */
export const HEALTH_CHECK_MS = 1000;
/**
 * An offer of ours without an answer this long is sent again (the answer may have been lost).
 * The other end answers a copy of an offer it answered with the same answer, so a copy costs two
 * signals and nothing else.
 */
export const OFFER_AGAIN_AFTER_MS = 8000;
/** A track of ours the settled description does not send, this long: negotiate it. */
export const NEGOTIATE_AFTER_MS = 3000;
/**
 * What the roster says a peer sends, connected this long without a packet of it: start afresh.
 * Packets flow as soon as a connection is up; a track turned on later takes an offer and an
 * answer through the server (4 s at the slowest run's p95 relay latency).
 */
export const MISSING_MEDIA_AFTER_MS = 12_000;
/**
 * Descriptions settled this long and still not connected: start afresh. Once both ends hold each
 * other's description a connection comes up in a second or two, a few seconds on the slowest run;
 * one pair of 60 in a benchmark run never did (no candidate ever came from one end, no ICE
 * failure either), and waited for the rest of the meeting.
 */
export const UNCONNECTED_AFTER_MS = 20_000;
/** Reconnects to one person before the watchdog gives up on them (until they come good). */
export const MAX_RECONNECTS = 3;

/** What one connection looks like at one check (times in ms on one clock). */
export interface PairHealth {
  now: number;
  signalingState: RTCSignalingState;
  /** Since when the description has not been stable (null: it is). */
  unsettledSince: number | null;
  /** Since when it has been connected (null: it is not). */
  connectedSince: number | null;
  /** Since when its descriptions have been settled without it being connected (or null). */
  unconnectedSince: number | null;
  /** Since when a track of ours has been on a sender the description does not send (or null). */
  unnegotiatedSince: number | null;
  /** When our unanswered offer was last sent again (null: not yet). */
  lastOfferedAgain: number | null;
  /** Since when the roster says the peer sends each kind (null: it does not). */
  expectedSince: Record<MediaKind, number | null>;
  /** Each kind of which a packet from the peer has arrived on this connection. */
  received: Record<MediaKind, boolean>;
}

export type Repair = 'none' | 'offer-again' | 'negotiate' | 'reconnect';

/** What to do about one connection now. */
export function repairFor(health: PairHealth): Repair {
  const { now, unsettledSince, connectedSince, unnegotiatedSince } = health;
  if (unsettledSince !== null) {
    // From the offer going out, or from its last copy.
    const sentAgain = Math.max(health.lastOfferedAgain ?? 0, unsettledSince);
    const waiting = health.signalingState === 'have-local-offer';
    return waiting && now - sentAgain >= OFFER_AGAIN_AFTER_MS ? 'offer-again' : 'none';
  }
  // Not up yet (or down): ICE restarts by itself on failure, and a peer that was slow to listen
  // says `ready` when it does. Only settled a long time without coming up is a fault.
  if (connectedSince === null) {
    const { unconnectedSince } = health;
    return unconnectedSince !== null && now - unconnectedSince >= UNCONNECTED_AFTER_MS
      ? 'reconnect'
      : 'none';
  }
  if (unnegotiatedSince !== null && now - unnegotiatedSince >= NEGOTIATE_AFTER_MS) {
    return 'negotiate';
  }
  for (const kind of MEDIA_KINDS) {
    const since = health.expectedSince[kind];
    if (since === null || health.received[kind]) continue;
    if (now - Math.max(since, connectedSince) >= MISSING_MEDIA_AFTER_MS) return 'reconnect';
  }
  return 'none';
}

/** The pair is as it should be: connected, settled, and everything expected has come. */
export function isHealthy(health: PairHealth): boolean {
  return (
    health.connectedSince !== null &&
    health.unsettledSince === null &&
    health.unnegotiatedSince === null &&
    MEDIA_KINDS.every((kind) => health.expectedSince[kind] === null || health.received[kind])
  );
}

/** The kinds a participant says they send: a camera or a shared screen is a picture. */
export function kindsSent(media: MediaState | undefined): Record<MediaKind, boolean> {
  return {
    audio: media?.microphone ?? false,
    video: (media?.camera ?? false) || (media?.screen ?? false),
  };
}

/** A track of ours on a sender whose negotiated direction does not send it. */
export function hasTrackNotNegotiated(pc: RTCPeerConnection): boolean {
  return pc
    .getTransceivers()
    .some(
      (transceiver) =>
        transceiver.sender.track !== null &&
        transceiver.currentDirection !== 'sendrecv' &&
        transceiver.currentDirection !== 'sendonly',
    );
}

/** The kinds of which a packet has arrived on this connection. */
export async function kindsReceived(pc: RTCPeerConnection): Promise<Set<MediaKind>> {
  const found = new Set<MediaKind>();
  const report = await pc.getStats();
  report.forEach((entry: { type?: string; kind?: string; packetsReceived?: number }) => {
    if (entry.type !== 'inbound-rtp' || !entry.packetsReceived) return;
    if (entry.kind === 'audio' || entry.kind === 'video') found.add(entry.kind);
  });
  return found;
}
