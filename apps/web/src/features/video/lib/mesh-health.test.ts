import { describe, expect, it } from 'vitest';
import {
  MISSING_MEDIA_AFTER_MS,
  NEGOTIATE_AFTER_MS,
  OFFER_AGAIN_AFTER_MS,
  UNCONNECTED_AFTER_MS,
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
    unnegotiatedSince: null,
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
    // A copy sent for an earlier offer does not make a new offer due at once.
    expect(repairFor(waiting(1000, NOW - OFFER_AGAIN_AFTER_MS * 3))).toBe('none');
    expect(isHealthy(waiting(1))).toBe(false);
  });

  it('never starts afresh a pair that is only slow: unsettled, or not connected yet', () => {
    // Their offer being answered is ours to finish, however long: nothing to send again.
    const theirs = pair({ signalingState: 'have-remote-offer', unsettledSince: NOW - 60_000 });
    expect(repairFor(theirs)).toBe('none');
    const down = pair({
      connectedSince: null,
      expectedSince: { audio: NOW - 60_000, video: NOW - 60_000 },
    });
    expect(repairFor(down)).toBe('none');
    expect(isHealthy(down)).toBe(false);
  });

  it('a pair settled long ago and still not connected is started afresh', () => {
    const settled = (ms: number) => pair({ connectedSince: null, unconnectedSince: NOW - ms });
    expect(repairFor(settled(UNCONNECTED_AFTER_MS - 1))).toBe('none');
    expect(repairFor(settled(UNCONNECTED_AFTER_MS))).toBe('reconnect');
  });

  it('our own track left out of the settled description a while is negotiated first', () => {
    const since = (ms: number) =>
      pair({ unnegotiatedSince: NOW - ms, expectedSince: { audio: 0, video: 0 } });
    expect(repairFor(since(NEGOTIATE_AFTER_MS - 1))).toBe('reconnect'); // the media rule, next
    expect(repairFor(since(NEGOTIATE_AFTER_MS))).toBe('negotiate');
    expect(isHealthy(since(1))).toBe(false);
    expect(repairFor(pair({ unnegotiatedSince: NOW - 1 }))).toBe('none');
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
