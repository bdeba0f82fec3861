import type { SignalEvent, SignalSend } from '@teamup/contracts/video';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, FakePeerConnection } from '../../../test/fake-webrtc';
import { BuiltinMedia } from './builtin-media';

const BROADCASTER = 1;
const VIEWER = 2;
const mic = { kind: 'audio', id: 'mic', label: 'mic' } as unknown as MediaStreamTrack;
const camera = { kind: 'video', id: 'camera', label: 'camera' } as unknown as MediaStreamTrack;

/** Every microtask and chained operation has run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const signal = (from: number, kind: SignalSend['kind'], data?: unknown): SignalEvent => ({
  type: 'SIGNAL',
  roomId: 7,
  from,
  kind,
  ...(data === undefined ? {} : { data }),
});

function sessionOf(myId: number) {
  const sent: SignalSend[] = [];
  const events = { onRemoteStream: vi.fn() };
  const media = new BuiltinMedia(myId, [], (one) => sent.push(one), events);
  media.updateRoster([BROADCASTER, VIEWER], BROADCASTER);
  const of = (kind: SignalSend['kind']) => sent.filter((one) => one.kind === kind);
  return { media, sent, of, events };
}

const pc = (index: number) => {
  const found = FakePeerConnection.created[index];
  if (!found) throw new Error(`no connection #${index}`);
  return found;
};

beforeEach(() => {
  FakePeerConnection.created = [];
  vi.stubGlobal('MediaStream', FakeMediaStream);
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
});
afterEach(() => vi.unstubAllGlobals());

describe('BuiltinMedia, the presentation star', () => {
  it('applies only the answer to the connection it offers now, not one to an offer it replaced', async () => {
    const { media, of } = sessionOf(BROADCASTER);
    // The microphone, then the camera at once: the first offer's connection is replaced.
    await media.publish([mic]);
    await media.publish([mic, camera]);
    await settle();
    const [first, second] = of('offer').map(
      (one) => one.data as RTCSessionDescriptionInit & { connection: string },
    );
    expect(first?.connection).toBeTruthy();
    expect(second?.connection).toBeTruthy();
    expect(second?.connection).not.toBe(first?.connection);
    expect(pc(0).closed).toBe(true);

    // The viewer's answer to the first offer comes after the second went out.
    await media.handleSignal(
      signal(VIEWER, 'answer', {
        type: 'answer',
        sdp: 'answer-to-first',
        connection: first?.connection,
      }),
    );
    expect(pc(1).remoteDescriptionsSet).toEqual([]);
    expect(pc(1).signalingState).toBe('have-local-offer');

    await media.handleSignal(
      signal(VIEWER, 'answer', {
        type: 'answer',
        sdp: 'answer-to-second',
        connection: second?.connection,
      }),
    );
    await settle();
    expect(pc(1).remoteDescriptionsSet).toEqual([{ type: 'answer', sdp: 'answer-to-second' }]);
    expect(pc(1).signalingState).toBe('stable');
  });

  it("a viewer names the offer's connection in its answer", async () => {
    const { media, of } = sessionOf(VIEWER);
    await media.handleSignal(
      signal(BROADCASTER, 'offer', { type: 'offer', sdp: 'offer-1', connection: 'c-1' }),
    );
    await settle();
    // The description itself goes to the browser without the name.
    expect(pc(0).remoteDescriptionsSet).toEqual([{ type: 'offer', sdp: 'offer-1' }]);
    expect(of('answer').map((one) => one.data)).toEqual([
      { ...pc(0).localDescription?.toJSON(), connection: 'c-1' },
    ]);
  });

  it('answers only the newest of two offers that came one right after the other', async () => {
    const { media, of } = sessionOf(VIEWER);
    void media.handleSignal(
      signal(BROADCASTER, 'offer', { type: 'offer', sdp: 'offer-1', connection: 'c-1' }),
    );
    await media.handleSignal(
      signal(BROADCASTER, 'offer', { type: 'offer', sdp: 'offer-2', connection: 'c-2' }),
    );
    await settle();
    expect(of('answer').map((one) => (one.data as { connection: string }).connection)).toEqual([
      'c-2',
    ]);
  });

  it('still takes an answer that names no connection (a client from before)', async () => {
    const { media } = sessionOf(BROADCASTER);
    await media.publish([mic]);
    await settle();
    await media.handleSignal(signal(VIEWER, 'answer', { type: 'answer', sdp: 'old-client' }));
    await settle();
    expect(pc(0).signalingState).toBe('stable');
  });
});
