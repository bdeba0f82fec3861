import type { IceServer, SignalEvent, SignalSend } from '@teamup/contracts/video';
import { newConnectionId } from './connection-id';
import type { MediaSession, MediaSessionEvents } from './media-session';

type SendSignal = (signal: SignalSend) => void;

/**
 * A description as signalled: the broadcaster names the connection it offers on, and the viewer's
 * answer names it back, so an answer to an offer that was replaced meanwhile (the broadcaster
 * turned the camera on right after the microphone) is not applied to the new connection, which
 * would then never connect (a journey's picture never came under load).
 */
type SignalledDescription = RTCSessionDescriptionInit & { connection?: string };

function described(data: unknown): { description: RTCSessionDescriptionInit; connection?: string } {
  const { connection, ...description } = data as SignalledDescription;
  return typeof connection === 'string' ? { description, connection } : { description };
}

/**
 * Built-in mode: browsers connect peer to peer. One person broadcasts at a time, so the meeting is
 * a star: the broadcaster keeps one connection per viewer and offers its tracks; viewers answer.
 * A viewer says `ready` when it can hear signals (on connect, and when a broadcaster appears), so
 * an offer is never sent before someone listens for it. Any change of tracks renegotiates.
 */
export class BuiltinMedia implements MediaSession {
  /** Broadcaster side: one connection per viewer. */
  private readonly outgoing = new Map<number, RTCPeerConnection>();
  /** Viewer side: the connection from the broadcaster. */
  private incoming: { from: number; pc: RTCPeerConnection } | null = null;
  private readonly pendingCandidates = new Map<RTCPeerConnection, RTCIceCandidateInit[]>();
  /** Broadcaster side: the id each offered connection was named by. */
  private readonly connectionIds = new WeakMap<RTCPeerConnection, string>();
  private tracks: MediaStreamTrack[] = [];
  private viewers: number[] = [];
  private broadcasterId: number | null = null;
  /** The broadcaster we said `ready` to and still wait on for an offer. */
  private askedOf: number | null = null;
  private closed = false;

  constructor(
    private readonly myId: number,
    private readonly iceServers: IceServer[],
    private readonly send: SendSignal,
    private readonly events: MediaSessionEvents,
  ) {}

  /** The people in the meeting now, and who broadcasts (from the server's participant events). */
  updateRoster(participantIds: number[], broadcasterId: number | null): void {
    this.viewers = participantIds.filter((id) => id !== this.myId);
    for (const [viewer, pc] of this.outgoing) {
      if (!this.viewers.includes(viewer)) {
        pc.close();
        this.outgoing.delete(viewer);
      }
    }
    this.broadcasterId = broadcasterId;
    const incoming = this.incoming;
    if (incoming && incoming.from !== broadcasterId) this.dropIncoming();
    this.askForOffer();
  }

  /** The signal queue is (again) listening: anything asked before may have been lost. */
  listening(): void {
    this.askedOf = null;
    this.askForOffer();
  }

  private askForOffer(): void {
    const broadcaster = this.broadcasterId;
    if (broadcaster === null || broadcaster === this.myId || this.incoming) return;
    if (this.askedOf === broadcaster) return;
    this.askedOf = broadcaster;
    this.send({ to: broadcaster, kind: 'ready' });
  }

  async publish(tracks: MediaStreamTrack[]): Promise<void> {
    this.tracks = tracks;
    for (const [viewer, pc] of this.outgoing) {
      pc.close();
      this.outgoing.delete(viewer);
      if (tracks.length === 0) this.send({ to: viewer, kind: 'bye' });
    }
    if (tracks.length === 0) return;
    await Promise.all(this.viewers.map((viewer) => this.offerTo(viewer)));
  }

  async handleSignal(signal: SignalEvent): Promise<void> {
    if (this.closed) return;
    switch (signal.kind) {
      case 'ready':
        if (this.tracks.length > 0) await this.offerTo(signal.from);
        return;
      case 'offer':
        await this.answer(signal.from, signal.data);
        return;
      case 'answer': {
        const pc = this.outgoing.get(signal.from);
        const { description, connection } = described(signal.data);
        // An answer naming another connection answers an offer that was replaced.
        if (connection !== undefined && pc && connection !== this.connectionIds.get(pc)) return;
        if (pc && pc.signalingState === 'have-local-offer') {
          await pc.setRemoteDescription(description);
          await this.flushCandidates(pc);
        }
        return;
      }
      case 'candidate': {
        const pc =
          this.outgoing.get(signal.from) ??
          (this.incoming?.from === signal.from ? this.incoming.pc : undefined);
        if (pc) await this.addCandidate(pc, signal.data as RTCIceCandidateInit);
        return;
      }
      case 'bye':
        if (this.incoming?.from === signal.from) this.dropIncoming();
        return;
    }
  }

  close(): void {
    this.closed = true;
    for (const pc of this.outgoing.values()) pc.close();
    this.outgoing.clear();
    this.incoming?.pc.close();
    this.incoming = null;
  }

  private connection(peer: number): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    pc.addEventListener('icecandidate', (event) => {
      if (!event.candidate) return;
      this.events.onCandidate?.(event.candidate);
      this.send({ to: peer, kind: 'candidate', data: event.candidate.toJSON() });
    });
    pc.addEventListener('icecandidateerror', (event) => {
      const error = event;
      this.events.onCandidateError?.(`${error.errorCode} ${error.errorText}`.trim());
    });
    pc.addEventListener('iceconnectionstatechange', () => {
      if (pc.iceConnectionState === 'failed') this.events.onConnectionFailed?.();
    });
    return pc;
  }

  private async offerTo(viewer: number): Promise<void> {
    this.outgoing.get(viewer)?.close();
    const pc = this.connection(viewer);
    this.outgoing.set(viewer, pc);
    const connection = newConnectionId();
    this.connectionIds.set(pc, connection);
    const stream = new MediaStream(this.tracks);
    for (const track of this.tracks) pc.addTrack(track, stream);
    try {
      await pc.setLocalDescription();
    } catch (error) {
      // Replaced (and closed) while the offer was being made: the newer connection offers.
      if (this.outgoing.get(viewer) !== pc) return;
      throw error;
    }
    if (this.outgoing.get(viewer) !== pc) return;
    this.send({
      to: viewer,
      kind: 'offer',
      data: { ...pc.localDescription?.toJSON(), connection },
    });
  }

  private async answer(from: number, data: unknown): Promise<void> {
    const { description: offer, connection } = described(data);
    this.dropIncoming(false);
    const pc = this.connection(from);
    this.incoming = { from, pc };
    pc.addEventListener('track', (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.events.onRemoteStream(stream, from);
    });
    try {
      await pc.setRemoteDescription(offer);
      await this.flushCandidates(pc);
      await pc.setLocalDescription();
    } catch (error) {
      // Replaced (and closed) by a newer offer while answering: that one is answered instead.
      if (this.incoming?.pc !== pc) return;
      throw error;
    }
    if (this.incoming?.pc !== pc) return;
    this.send({
      to: from,
      kind: 'answer',
      data: { ...pc.localDescription?.toJSON(), ...(connection ? { connection } : {}) },
    });
  }

  private dropIncoming(announce = true): void {
    if (!this.incoming) return;
    this.incoming.pc.close();
    this.pendingCandidates.delete(this.incoming.pc);
    this.incoming = null;
    this.askedOf = null;
    if (announce) this.events.onRemoteStream(null, null);
  }

  /** Candidates can arrive before the description they belong to: they wait for it. */
  private async addCandidate(pc: RTCPeerConnection, candidate: RTCIceCandidateInit) {
    if (!pc.remoteDescription) {
      const waiting = this.pendingCandidates.get(pc) ?? [];
      waiting.push(candidate);
      this.pendingCandidates.set(pc, waiting);
      return;
    }
    await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private async flushCandidates(pc: RTCPeerConnection) {
    const waiting = this.pendingCandidates.get(pc) ?? [];
    this.pendingCandidates.delete(pc);
    for (const candidate of waiting) await pc.addIceCandidate(candidate).catch(() => undefined);
  }
}
