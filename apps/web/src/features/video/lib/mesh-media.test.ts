import type { SignalEvent, SignalSend } from '@teamup/contracts/video';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, FakePeerConnection } from '../../../test/fake-webrtc';
import {
  MAX_RECONNECTS,
  MISSING_MEDIA_AFTER_MS,
  NEGOTIATE_AFTER_MS,
  OFFER_AGAIN_AFTER_MS,
  UNCONNECTED_AFTER_MS,
} from './mesh-health';
import { MeshMedia, neverPairsWithABrowser, type MeshEnvelope } from './mesh-media';

// --- The test's side of the wire ---

const video = { kind: 'video', id: 'camera', label: 'camera' } as unknown as MediaStreamTrack;
const remoteOffer = (sdp: string): RTCSessionDescriptionInit => ({ type: 'offer', sdp });
const remoteAnswer = (sdp: string): RTCSessionDescriptionInit => ({ type: 'answer', sdp });

/** Every microtask and chained operation has run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function envelope(signal: SignalSend | undefined): MeshEnvelope {
  const data = signal?.data;
  if (typeof data !== 'object' || data === null) throw new Error('signal without an envelope');
  const { from, to, payload } = data as Record<string, unknown>;
  if (typeof from !== 'string' || (to !== null && typeof to !== 'string')) {
    throw new Error('malformed envelope');
  }
  return { from, to, ...(payload === undefined ? {} : { payload }) };
}

function incoming(from: number, kind: SignalSend['kind'], data: MeshEnvelope): SignalEvent {
  return { type: 'SIGNAL', roomId: 7, from, kind, data };
}

/** Every mesh a test made, closed after it (their watchdogs stop). */
const meshes: MeshMedia[] = [];

function meshFor(myId: number, others: number[]) {
  const sent: SignalSend[] = [];
  const events = { onRemoteStream: vi.fn(), onPeerStream: vi.fn(), onPeerLeft: vi.fn() };
  const iceServers = [{ urls: 'stun:stun.example.org' }];
  const mesh = new MeshMedia(myId, iceServers, (signal) => sent.push(signal), events);
  meshes.push(mesh);
  mesh.updateRoster([myId, ...others]);
  /** What went to `to` of this kind, in order. */
  const signals = (to: number, kind: SignalSend['kind']) =>
    sent.filter((signal) => signal.to === to && signal.kind === kind);
  /** Our connection id towards `to`, as its latest `ready` named it. */
  const session = (to: number) => envelope(signals(to, 'ready').at(-1)).from;
  return { mesh, sent, events, iceServers, signals, session };
}

const pcs = () => FakePeerConnection.created;
function pc(index: number): FakePeerConnection {
  const found = FakePeerConnection.created[index];
  if (!found) throw new Error(`no connection #${index}`);
  return found;
}

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  FakePeerConnection.created = [];
  vi.stubGlobal('MediaStream', FakeMediaStream);
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  // Nothing in these sequences should make the mesh refuse a description or fail an offer.
  expect(warn).not.toHaveBeenCalled();
  for (const mesh of meshes.splice(0)) mesh.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('MeshMedia', () => {
  it('listening greets everyone in the meeting with ready, on one new connection each', () => {
    const { mesh, sent, signals, iceServers } = meshFor(1, [2, 3]);
    expect(sent).toEqual([]);
    expect(pcs()).toHaveLength(0);

    mesh.listening();

    expect(sent.map((signal) => [signal.to, signal.kind])).toEqual([
      [2, 'ready'],
      [3, 'ready'],
    ]);
    const greetings = [envelope(signals(2, 'ready')[0]), envelope(signals(3, 'ready')[0])];
    for (const greeting of greetings) {
      expect(greeting.from).toMatch(/\S/);
      expect(greeting.to).toBeNull();
      expect(greeting.payload).toBeUndefined();
    }
    expect(greetings[0]?.from).not.toBe(greetings[1]?.from);
    expect(pcs()).toHaveLength(2);
    expect(pc(0).configuration).toEqual({ iceServers, bundlePolicy: 'max-bundle' });
    expect(pcs().every((connection) => !connection.closed)).toBe(true);
  });

  it('publish adds the track to every connection, each offering under its own id', async () => {
    const { mesh, signals, session } = meshFor(1, [2, 3]);
    mesh.listening();
    expect(signals(2, 'offer')).toEqual([]); // nothing to send yet, nothing to negotiate

    await mesh.publish([video]);
    await settle();

    for (const [user, connection] of [
      [2, pc(0)],
      [3, pc(1)],
    ] as const) {
      const senders = connection.getSenders();
      expect(senders.map((sender) => sender.track)).toEqual([video]);
      const stream = senders[0]?.streams[0];
      expect(stream).toBeInstanceOf(FakeMediaStream);
      expect((stream as FakeMediaStream).getTracks()).toEqual([video]);

      const offers = signals(user, 'offer');
      expect(offers).toHaveLength(1);
      const offer = envelope(offers[0]);
      expect(offer.from).toBe(session(user));
      expect(offer.to).toBeNull();
      expect(offer.payload).toEqual(connection.localDescription?.toJSON());
      expect(offer.payload).toMatchObject({ type: 'offer' });
      expect(connection.signalingState).toBe('have-local-offer');
    }
    expect(session(2)).not.toBe(session(3));
  });

  it('applies an answer only when it is addressed to our current connection', async () => {
    const { mesh, session } = meshFor(1, [2]);
    mesh.listening();
    await mesh.publish([video]);
    await settle();
    const mine = session(2);

    await mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2', to: `${mine}-old`, payload: remoteAnswer('stale') }),
    );
    await settle();
    expect(pc(0).remoteDescriptionsSet).toEqual([]);
    expect(pc(0).signalingState).toBe('have-local-offer');

    await mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2', to: mine, payload: remoteAnswer('fresh') }),
    );
    await settle();
    expect(pc(0).remoteDescriptionsSet).toEqual([remoteAnswer('fresh')]);
    expect(pc(0).signalingState).toBe('stable');
    expect(pc(0).remoteDescription?.sdp).toBe('fresh');

    // Addressed to a connection of ours, from someone we have none with: dropped.
    await mesh.handleSignal(
      incoming(5, 'offer', { from: 'r5', to: mine, payload: remoteOffer('lost') }),
    );
    await settle();
    expect(pcs()).toHaveLength(1);
  });

  it('an offer from a new connection of the peer replaces ours and is answered to it', async () => {
    const { mesh, signals, session } = meshFor(1, [2]);
    mesh.listening();
    const first = session(2);

    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r-old', to: null, payload: remoteOffer('o1') }),
    );
    await settle();
    expect(envelope(signals(2, 'answer')[0])).toEqual({
      from: first,
      to: 'r-old',
      payload: pc(0).localDescription?.toJSON(),
    });

    // The same connection of theirs renegotiates: still our connection.
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r-old', to: first, payload: remoteOffer('o2') }),
    );
    await settle();
    expect(pcs()).toHaveLength(1);
    expect(pc(0).remoteDescriptionsSet).toEqual([remoteOffer('o1'), remoteOffer('o2')]);
    expect(envelope(signals(2, 'answer')[1])).toMatchObject({ from: first, to: 'r-old' });

    // They reloaded: their new connection has not heard from us.
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r-new', to: null, payload: remoteOffer('o3') }),
    );
    await settle();
    expect(pc(0).closed).toBe(true);
    expect(pcs()).toHaveLength(2);
    expect(pc(1).closed).toBe(false);
    expect(pc(1).remoteDescriptionsSet).toEqual([remoteOffer('o3')]);
    const answers = signals(2, 'answer');
    expect(answers).toHaveLength(3);
    const answer = envelope(answers[2]);
    expect(answer.to).toBe('r-new');
    expect(answer.from).not.toBe(first);
    expect(answer.payload).toEqual(pc(1).localDescription?.toJSON());
    expect(answer.payload).toMatchObject({ type: 'answer' });

    // What is still addressed to the replaced connection is dropped.
    await mesh.handleSignal(
      incoming(2, 'candidate', { from: 'r-new', to: first, payload: { candidate: 'c-old' } }),
    );
    // And so is what the replaced connection of theirs still sends.
    await mesh.handleSignal(
      incoming(2, 'candidate', { from: 'r-old', to: null, payload: { candidate: 'c-gone' } }),
    );
    await mesh.handleSignal(
      incoming(2, 'candidate', { from: 'r-new', to: answer.from, payload: { candidate: 'c' } }),
    );
    await settle();
    expect(pc(1).candidatesAdded).toEqual([{ candidate: 'c' }]);
  });

  it('ready from a peer our connection has heard from already replaces the connection', async () => {
    const { mesh, signals, session } = meshFor(1, [2]);
    mesh.listening();
    await mesh.publish([video]);
    await settle();
    const first = session(2);
    await mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2', to: first, payload: remoteAnswer('a') }),
    );
    await settle();
    expect(pc(0).signalingState).toBe('stable');

    await mesh.handleSignal(incoming(2, 'ready', { from: 'r2-reloaded', to: null }));
    await settle();

    expect(pc(0).closed).toBe(true);
    expect(pcs()).toHaveLength(2);
    expect(
      pc(1)
        .getSenders()
        .map((sender) => sender.track),
    ).toEqual([video]);
    // The new connection offers what we send, under its own id, to whoever answers.
    const offers = signals(2, 'offer');
    expect(offers).toHaveLength(2);
    const offer = envelope(offers[1]);
    expect(offer.from).not.toBe(first);
    expect(offer.to).toBeNull();
    expect(offer.payload).toEqual(pc(1).localDescription?.toJSON());
  });

  it('ready from a peer not heard from yet sends the pending offer again, same connection', async () => {
    const { mesh, sent, signals, session } = meshFor(1, [2, 3]);
    mesh.listening();

    // No offer out (nothing published): ready changes nothing.
    await mesh.handleSignal(incoming(2, 'ready', { from: 'r2', to: null }));
    await settle();
    expect(pcs()).toHaveLength(2);
    expect(sent).toHaveLength(2);

    await mesh.publish([video]);
    await settle();
    const [offer] = signals(2, 'offer');
    expect(envelope(offer)).toMatchObject({ from: session(2), to: null });

    await mesh.handleSignal(incoming(2, 'ready', { from: 'r2', to: null }));
    await settle();

    const offers = signals(2, 'offer');
    expect(offers).toHaveLength(2);
    expect(envelope(offers[1])).toEqual(envelope(offer));
    expect(pcs()).toHaveLength(2);
    expect(pc(0).closed).toBe(false);
    expect(signals(3, 'offer')).toHaveLength(1); // the other peer's is not sent again
  });

  it('glare: the impolite side (smaller id) ignores the crossing offer', async () => {
    const { mesh, signals, session } = meshFor(1, [2]);
    mesh.listening();
    await mesh.publish([video]);
    await settle();
    const ours = pc(0).localDescription;
    expect(pc(0).signalingState).toBe('have-local-offer');

    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('theirs') }),
    );
    await settle();

    expect(pc(0).remoteDescriptionsSet).toEqual([]);
    expect(signals(2, 'answer')).toEqual([]);
    expect(pc(0).signalingState).toBe('have-local-offer');
    expect(pc(0).localDescription).toBe(ours);
    expect(pcs()).toHaveLength(1);

    // An answer to our offer from another connection of theirs is not the one we talk to.
    await mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2-other', to: session(2), payload: remoteAnswer('x') }),
    );
    await settle();
    expect(pc(0).remoteDescriptionsSet).toEqual([]);

    // The polite side gave way and answers ours.
    await mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2', to: session(2), payload: remoteAnswer('a') }),
    );
    await settle();
    expect(pc(0).signalingState).toBe('stable');
  });

  it('an offer right behind the answer to ours is taken, not mistaken for a collision', async () => {
    const { mesh, signals, session } = meshFor(1, [2]);
    mesh.listening();
    await mesh.publish([video]);
    await settle();
    // Both arrive at once (the socket hands them over without waiting): the answer must be
    // applied before the offer is judged.
    const answer = mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2', to: session(2), payload: remoteAnswer('a') }),
    );
    const offer = mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: session(2), payload: remoteOffer('o2') }),
    );
    await Promise.all([answer, offer]);
    await settle();
    expect(pc(0).remoteDescriptionsSet.map((d) => d.sdp)).toEqual(['a', 'o2']);
    expect(envelope(signals(2, 'answer').at(-1)).to).toBe('r2');
  });

  it('an offer of ours begun while their offer is applied waits for it: never an answer sent as an offer', async () => {
    const { mesh, signals, session } = meshFor(1, [2]);
    mesh.listening();
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('o1') }),
    );
    await settle();
    // Their next offer is being applied when the browser's negotiationneeded (tracks added just
    // before) reaches us.
    const theirs = mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: session(2), payload: remoteOffer('o2') }),
    );
    while (pc(0).remoteDescriptionsSet.length < 2) await Promise.resolve();
    pc(0).fire('negotiationneeded');
    await theirs;
    await settle();
    for (const offer of signals(2, 'offer')) {
      expect((envelope(offer).payload as RTCSessionDescriptionInit).type).toBe('offer');
    }
    expect(signals(2, 'answer')).toHaveLength(2);
    expect(pc(0).signalingState).not.toBe('have-remote-offer');
  });

  it('an offer sent twice is answered twice alike, and the second answer is let be', async () => {
    const { mesh, signals, session } = meshFor(1, [2]);
    mesh.listening();
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('o') }),
    );
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('o') }),
    );
    await settle();
    expect(pc(0).remoteDescriptionsSet.map((d) => d.sdp)).toEqual(['o']);
    const answers = signals(2, 'answer');
    expect(answers).toHaveLength(2);
    expect(envelope(answers[1]).payload).toEqual(envelope(answers[0]).payload);

    await mesh.publish([video]);
    await settle();
    await mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2', to: session(2), payload: remoteAnswer('a') }),
    );
    await mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2', to: session(2), payload: remoteAnswer('a') }),
    );
    await settle();
    expect(pc(0).remoteDescriptionsSet.map((d) => d.sdp)).toEqual(['o', 'a']);
  });

  it('the same offer again while our own offer is out is not taken (no rollback)', async () => {
    const { mesh, signals } = meshFor(3, [2]);
    mesh.listening();
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('v1') }),
    );
    await settle();
    // Our camera goes on: our own offer goes out.
    await mesh.publish([video]);
    await settle();
    expect(pc(0).signalingState).toBe('have-local-offer');
    const ours = pc(0).localDescription;
    // Their first offer, sent once more after our ready, arrives now: already answered.
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('v1') }),
    );
    await settle();
    expect(pc(0).signalingState).toBe('have-local-offer');
    expect(pc(0).localDescription).toBe(ours);
    expect(pc(0).remoteDescriptionsSet.map((d) => d.sdp)).toEqual(['v1']);
    expect(signals(2, 'answer')).toHaveLength(1);
  });

  it('glare: the polite side (larger id) rolls its offer back and answers', async () => {
    const { mesh, signals, session } = meshFor(3, [2]);
    mesh.listening();
    await mesh.publish([video]);
    await settle();
    expect(pc(0).signalingState).toBe('have-local-offer');

    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('theirs') }),
    );
    await settle();

    expect(pc(0).remoteDescriptionsSet).toEqual([remoteOffer('theirs')]);
    expect(pcs()).toHaveLength(1);
    expect(pc(0).closed).toBe(false);
    const answers = signals(2, 'answer');
    expect(answers).toHaveLength(1);
    const answer = envelope(answers[0]);
    expect(answer.from).toBe(session(2));
    expect(answer.to).toBe('r2');
    expect(answer.payload).toMatchObject({ type: 'answer' });
    // Its own tracks still want sending: it offers again, now to their connection.
    const offers = signals(2, 'offer');
    expect(offers).toHaveLength(2);
    expect(envelope(offers[1])).toMatchObject({ from: session(2), to: 'r2' });
    expect(pc(0).signalingState).toBe('have-local-offer');
  });

  it('bye from the adopted remote connection drops the peer; so does the roster', async () => {
    const { mesh, events, session } = meshFor(1, [2, 3]);
    mesh.listening();
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('o') }),
    );
    await settle();

    // A goodbye from another connection of theirs is not this one's.
    await mesh.handleSignal(incoming(2, 'bye', { from: 'r2-other', to: null }));
    expect(pc(0).closed).toBe(false);
    expect(events.onPeerLeft).not.toHaveBeenCalled();
    expect(events.onPeerStream).not.toHaveBeenCalled();

    await mesh.handleSignal(incoming(2, 'bye', { from: 'r2', to: session(2) }));
    expect(pc(0).closed).toBe(true);
    expect(events.onPeerStream).toHaveBeenCalledWith(2, null);
    expect(events.onPeerLeft).toHaveBeenCalledWith(2);

    mesh.updateRoster([1, 2]); // 3 left
    expect(pc(1).closed).toBe(true);
    expect(events.onPeerStream).toHaveBeenCalledWith(3, null);
    expect(events.onPeerLeft).not.toHaveBeenCalledWith(3);
  });

  it('updateRoster greets a newcomer once listening, and not before', () => {
    const { mesh, sent, signals } = meshFor(1, []);
    mesh.updateRoster([1, 2]);
    expect(sent).toEqual([]);
    expect(pcs()).toHaveLength(0);

    mesh.listening();
    expect(signals(2, 'ready')).toHaveLength(1);
    expect(pcs()).toHaveLength(1);

    mesh.updateRoster([1, 2, 4]);
    const greetings = signals(4, 'ready');
    expect(greetings).toHaveLength(1);
    expect(envelope(greetings[0]).to).toBeNull();
    expect(pcs()).toHaveLength(2);
    expect(signals(2, 'ready')).toHaveLength(1); // the one already connected is left alone
    expect(pc(0).closed).toBe(false);
  });

  it('close says bye to every peer, closes every connection and ignores what comes later', async () => {
    const { mesh, sent, signals, session } = meshFor(1, [2, 3]);
    mesh.listening();
    await mesh.handleSignal(
      incoming(2, 'offer', { from: 'r2', to: null, payload: remoteOffer('o') }),
    );
    await settle();
    const before = sent.length;

    mesh.close();

    expect(envelope(signals(2, 'bye')[0])).toEqual({ from: session(2), to: 'r2' });
    expect(envelope(signals(3, 'bye')[0])).toEqual({ from: session(3), to: null });
    expect(sent).toHaveLength(before + 2);
    expect(pcs().every((connection) => connection.closed)).toBe(true);

    await mesh.handleSignal(incoming(2, 'ready', { from: 'r2b', to: null }));
    await mesh.handleSignal(
      incoming(3, 'offer', { from: 'r3', to: null, payload: remoteOffer('late') }),
    );
    mesh.close();
    await settle();
    expect(pcs()).toHaveLength(2);
    expect(pc(1).remoteDescriptionsSet).toEqual([]);
    expect(sent).toHaveLength(before + 2);
  });
});

describe('the watchdog', () => {
  const sends = (camera: boolean, microphone: boolean) =>
    new Map([[2, { camera, microphone, screen: false }]]);
  let info: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  /** A mesh with one peer (2) whose connection is up and settled, our camera negotiated. */
  async function connectedPair() {
    const made = meshFor(1, [2]);
    made.mesh.listening();
    await made.mesh.publish([video]);
    await vi.advanceTimersByTimeAsync(0);
    const [offer] = made.signals(2, 'offer');
    const answer = remoteAnswer('their answer');
    await made.mesh.handleSignal(
      incoming(2, 'answer', { from: 'r2', to: made.session(2), payload: answer }),
    );
    expect(offer).toBeDefined();
    expect(pc(0).signalingState).toBe('stable');
    pc(0).connectionState = 'connected';
    return made;
  }

  it('a picture the roster says comes but never does: the pair starts afresh, at most three times', async () => {
    const { mesh, signals, session } = await connectedPair();
    mesh.updateRoster([1, 2], sends(true, true));
    pc(0).inbound.push({ kind: 'audio', packetsReceived: 40 }); // sound comes, the picture not

    await vi.advanceTimersByTimeAsync(MISSING_MEDIA_AFTER_MS - 1000);
    expect(pcs()).toHaveLength(1); // a slow renegotiation is given its time

    await vi.advanceTimersByTimeAsync(2000);
    expect(pcs()).toHaveLength(2);
    expect(pc(0).closed).toBe(true);
    const greetings = signals(2, 'ready');
    expect(greetings).toHaveLength(2);
    expect(envelope(greetings[1]).to).toBeNull(); // a new connection, as on a reload
    expect(envelope(greetings[1]).from).not.toBe(envelope(greetings[0]).from);

    // The fresh connections fare no better: two more tries, then the watchdog lets it be.
    for (let attempt = 2; attempt <= MAX_RECONNECTS + 1; attempt++) {
      const current = pc(pcs().length - 1);
      await vi.advanceTimersByTimeAsync(0);
      const payload = remoteAnswer(`answer ${attempt}`);
      await mesh.handleSignal(
        incoming(2, 'answer', { from: `r2-${attempt}`, to: session(2), payload }),
      );
      expect(current.signalingState).toBe('stable');
      current.connectionState = 'connected';
      await vi.advanceTimersByTimeAsync(MISSING_MEDIA_AFTER_MS + 2000);
    }
    expect(pcs()).toHaveLength(1 + MAX_RECONNECTS);
    expect(info).toHaveBeenCalledTimes(MAX_RECONNECTS);
  });

  it('leaves a pair alone whose expected sound and picture arrive, or that expects nothing', async () => {
    const { mesh } = await connectedPair();
    mesh.updateRoster([1, 2], sends(true, true));
    pc(0).inbound.push(
      { kind: 'audio', packetsReceived: 40 },
      { kind: 'video', packetsReceived: 90 },
    );
    await vi.advanceTimersByTimeAsync(30_000);

    mesh.updateRoster([1, 2], sends(false, false)); // camera and microphone off: nothing expected
    pc(0).inbound.splice(0);
    await vi.advanceTimersByTimeAsync(30_000);

    expect(pcs()).toHaveLength(1);
    expect(pc(0).closed).toBe(false);
    expect(info).not.toHaveBeenCalled();
  });

  it('a camera turned on later is given its time from then, not from the connection', async () => {
    const { mesh } = await connectedPair();
    mesh.updateRoster([1, 2], sends(false, false));
    await vi.advanceTimersByTimeAsync(20_000);

    mesh.updateRoster([1, 2], sends(true, false));
    await vi.advanceTimersByTimeAsync(MISSING_MEDIA_AFTER_MS - 1000);
    pc(0).inbound.push({ kind: 'video', packetsReceived: 3 });
    await vi.advanceTimersByTimeAsync(20_000);

    expect(pcs()).toHaveLength(1);
  });

  it('an offer of ours left unanswered is sent again, the same one, every few seconds', async () => {
    const { mesh, signals } = meshFor(1, [2]);
    mesh.listening();
    await mesh.publish([video]);
    await vi.advanceTimersByTimeAsync(0);
    const [first] = signals(2, 'offer');

    await vi.advanceTimersByTimeAsync(OFFER_AGAIN_AFTER_MS - 1000);
    expect(signals(2, 'offer')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    const offers = signals(2, 'offer');
    expect(offers).toHaveLength(2);
    expect(envelope(offers[1])).toEqual(envelope(first));
    await vi.advanceTimersByTimeAsync(OFFER_AGAIN_AFTER_MS);
    expect(signals(2, 'offer')).toHaveLength(3);
    expect(pcs()).toHaveLength(1);
  });

  it('a track of ours the settled description does not send is offered again', async () => {
    const { signals } = await connectedPair();
    expect(signals(2, 'offer')).toHaveLength(1);
    for (const sender of pc(0).getSenders()) sender.negotiated = false; // a negotiation lost

    await vi.advanceTimersByTimeAsync(NEGOTIATE_AFTER_MS - 1000);
    expect(signals(2, 'offer')).toHaveLength(1); // a negotiation under way is given its time
    await vi.advanceTimersByTimeAsync(2000);
    const offers = signals(2, 'offer');
    expect(offers).toHaveLength(2);
    expect(envelope(offers[1]).payload).not.toEqual(envelope(offers[0]).payload);
    expect(pc(0).signalingState).toBe('have-local-offer');
  });

  it('a connection slow to settle is left to settle; settled and never up, it starts afresh', async () => {
    const { mesh, signals, session } = meshFor(1, [2]);
    mesh.updateRoster([1, 2], sends(true, true));
    mesh.listening();
    await vi.advanceTimersByTimeAsync(60_000); // nobody answers: nothing to judge yet
    expect(pcs()).toHaveLength(1);
    expect(pc(0).closed).toBe(false);

    await mesh.publish([video]);
    await vi.advanceTimersByTimeAsync(0);
    expect(signals(2, 'offer').length).toBeGreaterThan(0);
    const payload = remoteAnswer('late answer');
    await mesh.handleSignal(incoming(2, 'answer', { from: 'r2', to: session(2), payload }));
    expect(pc(0).signalingState).toBe('stable');
    await vi.advanceTimersByTimeAsync(UNCONNECTED_AFTER_MS - 1000);
    expect(pcs()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(pcs()).toHaveLength(2);
    expect(pc(0).closed).toBe(true);
  });

  it('stops with the meeting', async () => {
    const { mesh } = meshFor(1, [2]);
    mesh.listening();
    mesh.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pcs()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('candidates worth sending', () => {
  const line = (text: string) => ({ candidate: text });

  it('signals the UDP candidate and keeps the TCP one for the diagnostics only', () => {
    const { mesh, signals, events } = meshFor(1, [2]);
    const onCandidate = vi.fn();
    Object.assign(events, { onCandidate });
    mesh.listening();
    const gathered = (text: string) => ({
      candidate: { candidate: text, toJSON: () => line(text) },
    });
    pc(0).fire('icecandidate', gathered('candidate:1 1 udp 2122194687 192.0.2.2 36845 typ host'));
    pc(0).fire(
      'icecandidate',
      gathered('candidate:2 1 tcp 1518214911 192.0.2.2 9 typ host tcptype active'),
    );
    expect(signals(2, 'candidate').map((signal) => envelope(signal).payload)).toEqual([
      line('candidate:1 1 udp 2122194687 192.0.2.2 36845 typ host'),
    ]);
    expect(onCandidate).toHaveBeenCalledTimes(2);
  });

  it("keeps UDP and relayed candidates, drops a browser's active TCP host candidates", () => {
    expect(
      neverPairsWithABrowser(
        line(
          'candidate:3665118152 1 tcp 1518214911 192.0.2.2 9 typ host tcptype active generation 0 ufrag sjeC network-id 1',
        ),
      ),
    ).toBe(true);
    expect(
      neverPairsWithABrowser(
        line(
          'candidate:618633052 1 udp 2122194687 192.0.2.2 36845 typ host generation 0 ufrag sjeC network-id 1',
        ),
      ),
    ).toBe(false);
    expect(
      neverPairsWithABrowser(
        line(
          'candidate:1 1 tcp 41819903 203.0.113.5 443 typ relay raddr 0.0.0.0 rport 0 tcptype active',
        ),
      ),
    ).toBe(false);
    expect(
      neverPairsWithABrowser(
        line('candidate:2 1 tcp 1518214911 192.0.2.2 9000 typ host tcptype passive'),
      ),
    ).toBe(false);
  });
});
