import type { IceServer, MediaState, SignalEvent, SignalSend } from '@teamup/contracts/video';
import { newConnectionId } from './connection-id';
import type { MediaSession, MediaSessionEvents } from './media-session';
import {
  HEALTH_CHECK_MS,
  MAX_RECONNECTS,
  MEDIA_KINDS,
  hasTrackNotNegotiated,
  isHealthy,
  kindsReceived,
  kindsSent,
  repairFor,
  type MediaKind,
  type PairHealth,
} from './mesh-health';

type SendSignal = (signal: SignalSend) => void;

/**
 * What a mesh signal carries: the sending connection's id, the receiving connection it answers
 * (null before the sender has heard from it), and the description or candidate.
 */
export interface MeshEnvelope {
  from: string;
  to: string | null;
  payload?: unknown;
}

function envelopeOf(data: unknown): MeshEnvelope | null {
  if (typeof data !== 'object' || data === null) return null;
  const { from, to, payload } = data as Record<string, unknown>;
  if (typeof from !== 'string' || (to !== null && typeof to !== 'string')) return null;
  return { from, to, payload };
}

/** One connection to one other participant, with the state perfect negotiation keeps. */
interface Peer {
  pc: RTCPeerConnection;
  /** This connection's id; signals for an older one are dropped. */
  session: string;
  /** The id of the other end's connection, once heard from. */
  remote: string | null;
  /** Of two offers crossing, the polite side gives way (the one with the larger user id). */
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /** The last offer of theirs this connection took, to know the same one sent again. */
  lastRemoteOffer?: string | undefined;
  /** Candidates that came before the description they belong to, with their sender. */
  pending: Array<{ from: string; candidate: RTCIceCandidateInit }>;
  /** What the watchdog saw of it (see mesh-health.ts). */
  health: {
    unsettledSince: number | null;
    connectedSince: number | null;
    unconnectedSince: number | null;
    unnegotiatedSince: number | null;
    lastOfferedAgain: number | null;
    received: Set<MediaKind>;
    checking: boolean;
  };
}

type Since = Record<MediaKind, number | null>;
const NOT_EXPECTED: Since = { audio: null, video: null };

/**
 * Each publisher sends a picture to every other browser, so its uplink carries it up to three
 * times: a cap per connection keeps four publishers inside a home connection's upload.
 */
const VIDEO_BITRATE_PER_PEER = 600_000;

async function capBitrate(sender: RTCRtpSender): Promise<void> {
  const parameters = sender.getParameters();
  if (parameters.encodings.length === 0) return; // not negotiated yet: the browser's default
  for (const encoding of parameters.encodings) encoding.maxBitrate = VIDEO_BITRATE_PER_PEER;
  await sender.setParameters(parameters).catch(() => undefined);
}

/**
 * A browser's TCP host candidates are all "active" (they only dial out, to port 9): between two
 * browsers, neither of which listens on TCP, they never pair. Not sending them takes about a
 * third of a meeting's signals off the server (issue 47's benchmark).
 */
export function neverPairsWithABrowser(candidate: { candidate: string }): boolean {
  return / tcp .* typ host .*tcptype active/i.test(candidate.candidate);
}

/**
 * Built-in discussion mode (issue 47): every participant connects to every other (a full mesh)
 * and sends its tracks on each connection, so each browser receives one stream per publisher.
 *
 * Both ends of a pair may add tracks at any time, so offers can cross: the "perfect negotiation"
 * pattern of the WebRTC specification settles it (the impolite side ignores a colliding offer,
 * the polite side rolls back and answers). Signals travel over the meeting's STOMP socket.
 *
 * Meetings start all at once (a class opening the link together), so the two ends of a pair may
 * each make a connection before hearing of the other's. Every signal names its connection and the
 * one it is for: a signal for a connection that was replaced is dropped, and an offer from a new
 * connection of the other end (a reload, a reconnect) replaces ours, so the ends always pair.
 *
 * `ready` says "I listen now": sent to everyone in the meeting when this browser's signal queue
 * starts listening, and to whoever appears later. Whoever receives it connects (or sends again
 * the offer that may have gone out before anyone listened). `bye` on leaving drops the tile at
 * once, without waiting for the roster.
 */
export class MeshMedia implements MediaSession {
  private readonly peers = new Map<number, Peer>();
  /** The one stream every sent track belongs to, so a receiver gets them together. */
  private readonly outgoing = new MediaStream();
  private tracks: MediaStreamTrack[] = [];
  private roster: number[] = [];
  private isListening = false;
  private closed = false;
  /**
   * Each peer's signals and offers are handled one at a time: an offer that follows an answer
   * must not be judged while the answer is still being applied (the connection is not "stable"
   * yet, and the impolite end would take the offer for a collision and drop it). Peers do not
   * wait on each other: one slow description does not hold up the others' offers.
   */
  private readonly handling = new Map<number, Promise<void>>();
  /** Since when the roster has said each person sends sound or picture. */
  private readonly expected = new Map<number, Since>();
  /** Pairs started afresh by the watchdog, a person, since they were last seen good. */
  private readonly reconnects = new Map<number, number>();
  private watchdog: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly myId: number,
    private readonly iceServers: IceServer[],
    private readonly send: SendSignal,
    private readonly events: MediaSessionEvents,
  ) {}

  /**
   * Who is in the meeting now (from the server's participant events), and what each says they
   * send, which the watchdog expects to arrive.
   */
  updateRoster(participantIds: number[], sending?: ReadonlyMap<number, MediaState>): void {
    if (this.closed) return;
    this.roster = participantIds.filter((id) => id !== this.myId);
    const now = Date.now();
    for (const id of [...this.expected.keys()]) {
      if (!this.roster.includes(id)) this.expected.delete(id);
    }
    if (sending) {
      for (const id of this.roster) {
        const sends = kindsSent(sending.get(id));
        const before = this.expected.get(id) ?? NOT_EXPECTED;
        this.expected.set(id, {
          audio: sends.audio ? (before.audio ?? now) : null,
          video: sends.video ? (before.video ?? now) : null,
        });
      }
    }
    for (const id of [...this.peers.keys()]) {
      if (!this.roster.includes(id)) this.drop(id);
    }
    // Someone who came in after this browser listened may have said `ready` before their own
    // queue was listening for the answer: greet them.
    if (!this.isListening) return;
    for (const id of this.roster) if (!this.peers.has(id)) this.greet(id);
  }

  /** The signal queue is (again) listening: start afresh with everyone in the meeting. */
  listening(): void {
    if (this.closed) return;
    this.isListening = true;
    for (const id of this.roster) this.greet(id);
  }

  async publish(tracks: MediaStreamTrack[]): Promise<void> {
    this.tracks = tracks;
    for (const track of this.outgoing.getTracks()) {
      if (!tracks.includes(track)) this.outgoing.removeTrack(track);
    }
    for (const track of tracks) {
      if (!this.outgoing.getTracks().includes(track)) this.outgoing.addTrack(track);
    }
    for (const peer of this.peers.values()) this.sendTracks(peer.pc);
    return Promise.resolve();
  }

  handleSignal(signal: SignalEvent): Promise<void> {
    return this.inTurn(signal.from, () => this.handleNow(signal));
  }

  /**
   * Runs `work` after everything queued before it. Offers queue with the signals: an offer begun
   * while a remote offer was being applied would call setLocalDescription in "have-remote-offer"
   * and make an answer, sent as an offer and dropped by the other end as a second answer; the
   * tracks just added then never reached that peer (one picture of 72 in a benchmark run).
   */
  private inTurn(peerId: number, work: () => Promise<void>): Promise<void> {
    const turn = (this.handling.get(peerId) ?? Promise.resolve()).then(work);
    const settled = turn.catch((error: unknown) => console.warn('mesh: signal failed', error));
    this.handling.set(peerId, settled);
    void settled.then(() => {
      if (this.handling.get(peerId) === settled) this.handling.delete(peerId);
    });
    return turn;
  }

  private async handleNow(signal: SignalEvent): Promise<void> {
    if (this.closed || signal.from === this.myId) return;
    const envelope = envelopeOf(signal.data);
    if (!envelope) return;
    const id = signal.from;
    const peer = this.peers.get(id);
    // Meant for a connection of ours that is gone: the other end will hear from the new one.
    if (envelope.to !== null && peer && envelope.to !== peer.session) return;
    if (envelope.to !== null && !peer) return;
    switch (signal.kind) {
      case 'ready':
        this.answerReady(id, peer);
        return;
      case 'offer':
      case 'answer':
        await this.describe(id, envelope, signal.kind);
        return;
      case 'candidate':
        await this.candidate(id, envelope);
        return;
      case 'bye':
        if (peer?.remote && peer.remote !== envelope.from) return;
        this.drop(id);
        this.events.onPeerLeft?.(id);
        return;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.watchdog !== null) clearInterval(this.watchdog);
    for (const [id, peer] of [...this.peers]) {
      this.signal(id, peer, 'bye');
      this.drop(id, false);
    }
  }

  private signal(id: number, peer: Peer, kind: SignalSend['kind'], payload?: unknown): void {
    const data: MeshEnvelope = {
      from: peer.session,
      to: peer.remote,
      ...(payload === undefined ? {} : { payload }),
    };
    this.send({ to: id, kind, data });
  }

  private greet(id: number): void {
    const peer = this.connect(id);
    this.signal(id, peer, 'ready');
  }

  /**
   * The other end listens now. A connection that has heard from it already belongs to an older
   * one of theirs: replace it. One that has not (both ends greeted at once) is the right one; its
   * offer may have gone out before they listened, so it goes again.
   */
  private answerReady(id: number, peer: Peer | undefined): void {
    if (!peer || peer.remote !== null) {
      this.connect(id);
      return;
    }
    const offer = peer.pc.localDescription;
    if (peer.pc.signalingState === 'have-local-offer' && offer) {
      this.signal(id, peer, 'offer', offer.toJSON());
    }
  }

  /** Replaces the connection to `id` with a fresh one carrying what this browser sends. */
  private connect(id: number): Peer {
    // The tile shows the person, not a frozen picture, until the new connection brings theirs.
    this.drop(id);
    // One transport for sound and picture: half the ICE candidates to gather and to signal.
    const pc = new RTCPeerConnection({ iceServers: this.iceServers, bundlePolicy: 'max-bundle' });
    const peer: Peer = {
      pc,
      session: newConnectionId(),
      remote: null,
      polite: this.myId > id,
      makingOffer: false,
      ignoreOffer: false,
      pending: [],
      health: {
        unsettledSince: null,
        connectedSince: null,
        unconnectedSince: null,
        unnegotiatedSince: null,
        lastOfferedAgain: null,
        received: new Set(),
        checking: false,
      },
    };
    this.peers.set(id, peer);
    this.watchdog ??= setInterval(() => this.checkAll(), HEALTH_CHECK_MS);
    pc.addEventListener(
      'negotiationneeded',
      () => void this.inTurn(id, () => this.offer(id, peer)),
    );
    pc.addEventListener('icecandidate', (event) => {
      if (!event.candidate || this.peers.get(id) !== peer) return;
      this.events.onCandidate?.(event.candidate);
      if (neverPairsWithABrowser(event.candidate)) return;
      this.signal(id, peer, 'candidate', event.candidate.toJSON());
    });
    pc.addEventListener('icecandidateerror', (event) => {
      this.events.onCandidateError?.(`${event.errorCode} ${event.errorText}`.trim());
    });
    pc.addEventListener('iceconnectionstatechange', () => {
      if (pc.iceConnectionState === 'failed') {
        this.events.onConnectionFailed?.();
        pc.restartIce();
      }
    });
    pc.addEventListener('track', (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.events.onPeerStream?.(id, stream);
      // A track the sender stopped sending leaves the stream: the tile follows it.
      stream.addEventListener('removetrack', () => this.events.onPeerStream?.(id, stream));
    });
    this.sendTracks(pc);
    return peer;
  }

  /** Makes the connection's senders match the tracks to send; negotiation follows by itself. */
  private sendTracks(pc: RTCPeerConnection): void {
    for (const sender of pc.getSenders()) {
      if (sender.track && !this.tracks.includes(sender.track)) pc.removeTrack(sender);
    }
    const sent = pc.getSenders().map((sender) => sender.track);
    for (const track of this.tracks) {
      if (sent.includes(track)) continue;
      const sender = pc.addTrack(track, this.outgoing);
      if (track.kind === 'video') void capBitrate(sender);
    }
  }

  private async offer(id: number, peer: Peer): Promise<void> {
    // Not stable (an offer of theirs or ours is open): negotiationneeded fires again once it is.
    if (this.peers.get(id) !== peer || peer.pc.signalingState !== 'stable') return;
    try {
      peer.makingOffer = true;
      await peer.pc.setLocalDescription();
      if (this.peers.get(id) !== peer) return;
      const made = peer.pc.localDescription;
      if (made?.type !== 'offer') return;
      this.signal(id, peer, 'offer', made.toJSON());
    } catch (error) {
      console.warn('mesh: offer failed', error);
    } finally {
      peer.makingOffer = false;
    }
  }

  private async describe(
    id: number,
    envelope: MeshEnvelope,
    kind: 'offer' | 'answer',
  ): Promise<void> {
    let peer = this.peers.get(id);
    if (kind === 'answer' && (!peer || (peer.remote !== null && peer.remote !== envelope.from))) {
      return; // an answer from a connection of theirs that is no longer the one we talk to
    }
    // An offer from someone not yet connected, or from a new connection of theirs (a reload):
    // a fresh connection of ours pairs with it.
    if (!peer || (peer.remote !== null && peer.remote !== envelope.from)) peer = this.connect(id);
    peer.remote = envelope.from;
    const description = envelope.payload as RTCSessionDescriptionInit;
    const { pc } = peer;
    // An offer sent again (after our `ready`) that was already answered. Taken again while our
    // own next offer is out, it would roll that offer back after the other end had answered it,
    // leaving the two ends on different descriptions with no picture either way.
    if (description.type === 'offer' && description.sdp === peer.lastRemoteOffer) {
      const answered = pc.localDescription;
      if (pc.signalingState === 'stable' && answered?.type === 'answer') {
        this.signal(id, peer, 'answer', answered.toJSON());
      }
      return;
    }
    // The second answer to an offer sent twice: the first one settled it.
    if (description.type === 'answer' && pc.signalingState === 'stable') return;
    const collision =
      description.type === 'offer' && (peer.makingOffer || pc.signalingState !== 'stable');
    peer.ignoreOffer = !peer.polite && collision;
    if (peer.ignoreOffer) return;
    try {
      // A polite side with its own offer out rolls it back implicitly here.
      await pc.setRemoteDescription(description);
      if (description.type === 'offer') peer.lastRemoteOffer = description.sdp;
      const waiting = peer.pending.splice(0).filter((item) => item.from === envelope.from);
      for (const { candidate } of waiting) {
        await pc.addIceCandidate(candidate).catch(() => undefined);
      }
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        this.signal(id, peer, 'answer', pc.localDescription?.toJSON());
      }
    } catch (error) {
      console.warn('mesh: description refused', error);
    }
  }

  private async candidate(id: number, envelope: MeshEnvelope): Promise<void> {
    const peer = this.peers.get(id);
    if (!peer) return;
    const candidate = envelope.payload as RTCIceCandidateInit;
    if (peer.remote === null || !peer.pc.remoteDescription) {
      peer.pending.push({ from: envelope.from, candidate });
      return;
    }
    if (peer.remote !== envelope.from) return;
    try {
      await peer.pc.addIceCandidate(candidate);
    } catch (error) {
      // A candidate of an offer this side ignored is expected to fail.
      if (!peer.ignoreOffer) console.warn('mesh: candidate refused', error);
    }
  }

  private checkAll(): void {
    const now = Date.now();
    for (const [id, peer] of this.peers) void this.check(id, peer, now);
  }

  /** One look at one pair, and the repair it calls for (mesh-health.ts says which). */
  private async check(id: number, peer: Peer, now: number): Promise<void> {
    const { pc, health } = peer;
    if (health.checking || this.closed) return;
    health.checking = true;
    try {
      health.unsettledSince =
        pc.signalingState === 'stable' ? null : (health.unsettledSince ?? now);
      const connected = pc.connectionState === 'connected';
      health.connectedSince = connected ? (health.connectedSince ?? now) : null;
      const settled = health.unsettledSince === null && pc.remoteDescription !== null;
      health.unconnectedSince = settled && !connected ? (health.unconnectedSince ?? now) : null;
      const unsent = health.unsettledSince === null && hasTrackNotNegotiated(pc);
      health.unnegotiatedSince = unsent ? (health.unnegotiatedSince ?? now) : null;
      const expectedSince = this.expected.get(id) ?? NOT_EXPECTED;
      const awaited = MEDIA_KINDS.some(
        (kind) => expectedSince[kind] !== null && !health.received.has(kind),
      );
      if (connected && awaited) {
        const kinds = await kindsReceived(pc).catch(() => new Set<MediaKind>());
        for (const kind of kinds) health.received.add(kind);
      }
      if (this.closed || this.peers.get(id) !== peer) return;
      const seen: PairHealth = {
        now,
        signalingState: pc.signalingState,
        unsettledSince: health.unsettledSince,
        connectedSince: health.connectedSince,
        unconnectedSince: health.unconnectedSince,
        unnegotiatedSince: health.unnegotiatedSince,
        lastOfferedAgain: health.lastOfferedAgain,
        expectedSince,
        received: { audio: health.received.has('audio'), video: health.received.has('video') },
      };
      if (isHealthy(seen)) this.reconnects.delete(id);
      this.repair(id, peer, repairFor(seen), now);
    } finally {
      health.checking = false;
    }
  }

  private repair(id: number, peer: Peer, repair: ReturnType<typeof repairFor>, now: number): void {
    switch (repair) {
      case 'none':
        return;
      case 'offer-again': {
        // Answered already, the other end sends its answer again; lost, it takes the offer now.
        const offer = peer.pc.localDescription;
        if (peer.pc.signalingState !== 'have-local-offer' || !offer) return;
        peer.health.lastOfferedAgain = now;
        this.signal(id, peer, 'offer', offer.toJSON());
        return;
      }
      case 'negotiate':
        peer.health.unnegotiatedSince = null;
        void this.inTurn(id, () => this.offer(id, peer));
        return;
      case 'reconnect': {
        const made = this.reconnects.get(id) ?? 0;
        if (made >= MAX_RECONNECTS) return;
        this.reconnects.set(id, made + 1);
        console.info(`mesh: starting the connection to ${id} afresh (${made + 1})`);
        this.greet(id);
        return;
      }
    }
  }

  private drop(id: number, announce = true): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    peer.pc.close();
    this.peers.delete(id);
    if (announce) this.events.onPeerStream?.(id, null);
  }
}
