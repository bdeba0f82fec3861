import { describe, expect, it } from 'vitest';
import {
  MISSING_MEDIA_AFTER_MS,
  OFFER_AGAIN_AFTER_MS,
  RECONNECT_UNCONNECTED_AFTER_MS,
  RECONNECT_UNSETTLED_AFTER_MS,
  isHealthy,
  kindsSent,
  repairFor,
  type PairHealth,
} from './mesh-health';

const NOW = 100_000;

/** A settled, connected pair that expects nothing: nothing to repair. */
function pair(overrides: Partial<PairHealth> = {}): PairHealth {
  return {
    now: NOW,
    signalingState: 'stable',
    unsettledSince: null,
    connectedSince: NOW - 60_000,
    unconnectedSince: null,
    trackNotNegotiated: false,
    lastOfferedAgain: null,
    expectedSince: { audio: null, video: null },
    received: { audio: false, video: false },
    ...overrides,
  };
}

describe('repairFor', () => {
  it('a settled, connected pair with what it expects is left alone and is healthy', () => {
    const seen = pair({
      expectedSince: { audio: NOW - 30_000, video: NOW - 30_000 },
      received: { audio: true, video: true },
    });
    expect(repairFor(seen)).toBe('none');
    expect(isHealthy(seen)).toBe(true);
  });

  it('an unanswered offer of ours is sent again after a while, and not on every check', () => {
    const waiting = (since: number, lastOfferedAgain: number | null = null) =>
      pair({ signalingState: 'have-local-offer', unsettledSince: NOW - since, lastOfferedAgain });
    expect(repairFor(waiting(OFFER_AGAIN_AFTER_MS - 1))).toBe('none');
    expect(repairFor(waiting(OFFER_AGAIN_AFTER_MS))).toBe('offer-again');
    expect(repairFor(waiting(OFFER_AGAIN_AFTER_MS + 2000, NOW - 1000))).toBe('none');
    expect(repairFor(waiting(OFFER_AGAIN_AFTER_MS * 2, NOW - OFFER_AGAIN_AFTER_MS))).toBe(
      'offer-again',
    );
    expect(isHealthy(waiting(1))).toBe(false);
  });

  it('a description that never settles starts the pair afresh, whichever side is waiting', () => {
    for (const signalingState of ['have-local-offer', 'have-remote-offer'] as const) {
      const since = (ms: number) => pair({ signalingState, unsettledSince: NOW - ms });
      expect(repairFor(since(RECONNECT_UNSETTLED_AFTER_MS))).toBe('reconnect');
    }
    // Their offer being answered is ours to finish: nothing to send again.
    const theirs = pair({ signalingState: 'have-remote-offer', unsettledSince: NOW - 5000 });
    expect(repairFor(theirs)).toBe('none');
  });

  it('a connection that does not come up (or goes down) is started afresh after a while', () => {
    const down = (ms: number) => pair({ connectedSince: null, unconnectedSince: NOW - ms });
    expect(repairFor(down(RECONNECT_UNCONNECTED_AFTER_MS - 1))).toBe('none');
    expect(repairFor(down(RECONNECT_UNCONNECTED_AFTER_MS))).toBe('reconnect');
    expect(isHealthy(down(1))).toBe(false);
  });

  it('our own track not negotiated is negotiated before anything else is judged', () => {
    const seen = pair({ trackNotNegotiated: true, expectedSince: { audio: 0, video: 0 } });
    expect(repairFor(seen)).toBe('negotiate');
    expect(isHealthy(seen)).toBe(false);
  });

  it('missing media counts from the later of connecting and the roster saying it is sent', () => {
    const missing = (connectedAgo: number, expectedAgo: number) =>
      pair({
        connectedSince: NOW - connectedAgo,
        expectedSince: { audio: null, video: NOW - expectedAgo },
        received: { audio: true, video: false },
      });
    expect(repairFor(missing(60_000, MISSING_MEDIA_AFTER_MS - 1))).toBe('none');
    expect(repairFor(missing(MISSING_MEDIA_AFTER_MS - 1, 60_000))).toBe('none');
    expect(repairFor(missing(MISSING_MEDIA_AFTER_MS, MISSING_MEDIA_AFTER_MS))).toBe('reconnect');
  });
});

describe('kindsSent', () => {
  it('a camera or a shared screen is a picture; the microphone is sound; unknown is nothing', () => {
    expect(kindsSent({ camera: false, microphone: true, screen: true })).toEqual({
      audio: true,
      video: true,
    });
    expect(kindsSent({ camera: true, microphone: false, screen: false })).toEqual({
      audio: false,
      video: true,
    });
    expect(kindsSent(undefined)).toEqual({ audio: false, video: false });
  });
});
