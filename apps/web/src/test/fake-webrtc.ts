import { vi } from 'vitest';

/*
 * Node has neither MediaStream nor RTCPeerConnection: small stand-ins on globalThis, just what
 * the meeting's media sessions use. The peer connection keeps the signalling state machine of the specification
 * (stable / have-local-offer / have-remote-offer, implicit offer or answer, implicit rollback),
 * runs its description operations one after another on a chain and fires `negotiationneeded`
 * asynchronously, only when the chain is empty and the state is stable, as browsers do.
 */

type Listener = (event: unknown) => void;

class Listeners {
  private readonly byType = new Map<string, Listener[]>();
  add(type: string, listener: Listener): void {
    this.byType.set(type, [...(this.byType.get(type) ?? []), listener]);
  }
  fire(type: string, event: unknown): void {
    for (const listener of this.byType.get(type) ?? []) listener(event);
  }
}

export class FakeMediaStream {
  private readonly tracks: MediaStreamTrack[];
  readonly listeners = new Listeners();
  constructor(tracks: MediaStreamTrack[] = []) {
    this.tracks = [...tracks];
  }
  addTrack(track: MediaStreamTrack): void {
    if (!this.tracks.includes(track)) this.tracks.push(track);
  }
  removeTrack(track: MediaStreamTrack): void {
    const index = this.tracks.indexOf(track);
    if (index >= 0) this.tracks.splice(index, 1);
  }
  getTracks(): MediaStreamTrack[] {
    return [...this.tracks];
  }
  getVideoTracks(): MediaStreamTrack[] {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  getAudioTracks(): MediaStreamTrack[] {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.add(type, listener);
  }
}

export class FakeDescription {
  constructor(
    readonly type: RTCSdpType,
    readonly sdp: string,
  ) {}
  toJSON(): RTCSessionDescriptionInit {
    return { type: this.type, sdp: this.sdp };
  }
}

interface FakeSender {
  track: MediaStreamTrack | null;
  /** A description exchange has settled since the track was added (the test may unset it). */
  negotiated: boolean;
  streams: unknown[];
  getParameters: () => { encodings: RTCRtpEncodingParameters[] };
  setParameters: (parameters: unknown) => Promise<void>;
}

let sdpCount = 0;

export class FakePeerConnection {
  static created: FakePeerConnection[] = [];

  signalingState: RTCSignalingState = 'stable';
  localDescription: FakeDescription | null = null;
  remoteDescription: FakeDescription | null = null;
  iceConnectionState: RTCIceConnectionState = 'new';
  /** The test sets it as the browser would ('connected' once ICE and DTLS are up). */
  connectionState: RTCPeerConnectionState = 'new';
  /** What getStats reports arrived from the other end, for the test to fill. */
  readonly inbound: Array<{ kind: 'audio' | 'video'; packetsReceived: number }> = [];
  closed = false;
  /** Every description handed to setRemoteDescription, applied or refused. */
  readonly remoteDescriptionsSet: RTCSessionDescriptionInit[] = [];
  readonly candidatesAdded: RTCIceCandidateInit[] = [];
  readonly restartIce = vi.fn();
  private readonly senders: FakeSender[] = [];
  private readonly listeners = new Listeners();
  /** The local description of the last stable state, which a rollback returns to. */
  private currentLocal: FakeDescription | null = null;
  private negotiationNeeded = false;
  private chain: Promise<void> = Promise.resolve();
  private operations = 0;

  constructor(readonly configuration: RTCConfiguration) {
    FakePeerConnection.created.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.add(type, listener);
  }

  /** For the test: an event from the browser ('track', 'icecandidate', ...). */
  fire(type: string, event: unknown = {}): void {
    this.listeners.fire(type, event);
  }

  addTrack(track: MediaStreamTrack, ...streams: unknown[]): FakeSender {
    const sender: FakeSender = {
      track,
      negotiated: false,
      streams,
      getParameters: () => ({ encodings: [] }),
      setParameters: () => Promise.resolve(),
    };
    this.senders.push(sender);
    this.needNegotiation();
    return sender;
  }

  removeTrack(sender: FakeSender): void {
    sender.track = null;
    this.needNegotiation();
  }

  getSenders(): FakeSender[] {
    return [...this.senders];
  }

  getTransceivers(): Array<{
    sender: FakeSender;
    currentDirection: RTCRtpTransceiverDirection | null;
  }> {
    return this.senders.map((sender) => ({
      sender,
      currentDirection: sender.negotiated ? 'sendrecv' : null,
    }));
  }

  getStats(): Promise<Map<string, { type: string; kind: string; packetsReceived: number }>> {
    return Promise.resolve(
      new Map(
        this.inbound.map((entry, index) => [`in-${index}`, { type: 'inbound-rtp', ...entry }]),
      ),
    );
  }

  setLocalDescription(): Promise<void> {
    return this.operation(() => {
      if (this.signalingState === 'stable') {
        this.localDescription = new FakeDescription('offer', `offer-${++sdpCount}`);
        this.signalingState = 'have-local-offer';
        this.negotiationNeeded = false;
      } else if (this.signalingState === 'have-remote-offer') {
        this.localDescription = new FakeDescription('answer', `answer-${++sdpCount}`);
        this.currentLocal = this.localDescription;
        this.signalingState = 'stable';
        this.settleSenders();
      } else {
        throw new Error(`InvalidStateError: setLocalDescription in ${this.signalingState}`);
      }
    });
  }

  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.remoteDescriptionsSet.push(description);
    return this.operation(() => {
      const sdp = description.sdp ?? '';
      if (description.type === 'offer') {
        if (this.signalingState === 'have-local-offer') {
          // Implicit rollback: our offer is withdrawn, our tracks still want negotiating.
          this.localDescription = this.currentLocal;
          this.negotiationNeeded = true;
        } else if (this.signalingState !== 'stable') {
          throw new Error(`InvalidStateError: remote offer in ${this.signalingState}`);
        }
        this.remoteDescription = new FakeDescription('offer', sdp);
        this.signalingState = 'have-remote-offer';
      } else if (description.type === 'answer') {
        if (this.signalingState !== 'have-local-offer') {
          throw new Error(`InvalidStateError: remote answer in ${this.signalingState}`);
        }
        this.remoteDescription = new FakeDescription('answer', sdp);
        this.currentLocal = this.localDescription;
        this.signalingState = 'stable';
        this.settleSenders();
      } else {
        throw new Error(`unexpected description ${String(description.type)}`);
      }
    });
  }

  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    if (!this.remoteDescription) return Promise.reject(new Error('InvalidStateError: no remote'));
    this.candidatesAdded.push(candidate);
    return Promise.resolve();
  }

  close(): void {
    this.closed = true;
    this.signalingState = 'closed';
  }

  /** Description operations run one after another, each asynchronously. */
  private operation(step: () => void): Promise<void> {
    this.operations += 1;
    const result = this.chain.then(() => {
      if (this.closed) throw new Error('InvalidStateError: closed');
      step();
    });
    const done = () => {
      this.operations -= 1;
      if (this.operations === 0 && this.negotiationNeeded) {
        queueMicrotask(() => this.fireNegotiationNeeded());
      }
    };
    this.chain = result.then(done, done);
    return result;
  }

  /** What a settled exchange negotiated: every track on a sender now (simplified). */
  private settleSenders(): void {
    for (const sender of this.senders) sender.negotiated = true;
  }

  private needNegotiation(): void {
    if (this.negotiationNeeded) return;
    this.negotiationNeeded = true;
    queueMicrotask(() => this.fireNegotiationNeeded());
  }

  private fireNegotiationNeeded(): void {
    if (this.closed || !this.negotiationNeeded) return;
    if (this.operations > 0 || this.signalingState !== 'stable') return; // fired when it is
    this.fire('negotiationneeded');
  }
}
