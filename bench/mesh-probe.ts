/**
 * What meeting-mesh's pages carry: a probe put in every page before its scripts (the click, each
 * remote tile's first frame, the steps on the way, the signals and the socket frames sent), and
 * how the bench reads it.
 */
import type { Page } from 'playwright-core';
import type { RecordedSocket } from './mesh-signal-replay';

/**
 * Put in every page before its scripts: the time of the click on the join button, and for each
 * remote tile (by its data-user-id) the first time a frame of its <video> was presented, both in
 * the page's `performance.now()`. A string: the bench's tsconfig has no DOM types.
 */
export const probeScript = `(() => {
  const selector =
    '[data-testid="meeting-tile"][data-self="false"] video[data-testid="meeting-tile-video"]';
  const state = {
    joinAt: null, frames: {}, signals: {}, marks: {}, connections: 0, iceFailed: 0,
    sent: {}, received: {}, sockets: [],
  };
  window.__meshBench = state;
  // A signal's fingerprint, the same in the sender's frame and the receiver's: a candidate's
  // line, or a description's type and origin line (session id and version).
  const fingerprint = (data) => {
    const candidate = /"candidate":"(candidate:[^"]+)"/.exec(data);
    if (candidate) return 'candidate ' + candidate[1];
    const origin = /o=- (\\d+) (\\d+)/.exec(data);
    const type = /"type":"(offer|answer)"/.exec(data);
    return origin && type ? type[1] + ' ' + origin[1] + ' ' + origin[2] : null;
  };
  // When each signal first went out and first came in (Date.now(): one clock for all pages).
  const stamp = (into, data) => {
    if (state.joinAt === null || typeof data !== 'string') return;
    const key = fingerprint(data);
    if (key && !(key in into)) into[key] = Date.now();
  };
  // The first time after the click of each step on the way to a picture, ms from the click.
  const mark = (name) => {
    if (state.joinAt !== null && !(name in state.marks)) {
      state.marks[name] = performance.now() - state.joinAt;
    }
  };
  // The camera's picture first handed to a connection: captured after the click, or handed over
  // by the pre-join screen, whichever the page does.
  const addTrack = RTCPeerConnection.prototype.addTrack;
  RTCPeerConnection.prototype.addTrack = function (track, ...streams) {
    if (track.kind === 'video') mark('camera sent');
    return addTrack.call(this, track, ...streams);
  };
  const NativeSocket = WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      // A socket opened after the click: what it sends is kept, for the signalling replay.
      if (state.joinAt !== null) {
        this.__record = { url: String(args[0]), openedAt: performance.now() - state.joinAt, frames: [] };
        state.sockets.push(this.__record);
      }
      this.addEventListener('open', () => mark('socket open'));
      this.addEventListener('message', (event) => stamp(state.received, event.data));
    }
  };
  const NativeConnection = RTCPeerConnection;
  window.RTCPeerConnection = class extends NativeConnection {
    constructor(...args) {
      super(...args);
      if (state.joinAt !== null) state.connections += 1;
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected') mark('first peer connected');
      });
      this.addEventListener('iceconnectionstatechange', () => {
        if (this.iceConnectionState === 'failed') state.iceFailed += 1;
      });
    }
  };
  // Signals this page sends after the click, by kind: the product's STOMP SEND frames name it
  // ("kind"), the bare page's messages carry a description (its type) or a candidate. A frame
  // STOMP split in pieces counts once (its first piece holds the kind).
  const send = NativeSocket.prototype.send;
  NativeSocket.prototype.send = function (data) {
    stamp(state.sent, data);
    if (this.__record && typeof data === 'string') {
      this.__record.frames.push({ at: performance.now() - state.joinAt, data });
    }
    if (state.joinAt !== null && typeof data === 'string') {
      const match = /"kind":"(\\w+)"/.exec(data) || /"description":\\{"type":"(\\w+)"/.exec(data);
      const kind = match ? match[1] : data.includes('"candidate":{') ? 'candidate' : null;
      if (kind) {
        state.signals[kind] = (state.signals[kind] || 0) + 1;
        mark('first signal sent');
        if (kind === 'offer') mark('first offer sent');
      }
    }
    return send.call(this, data);
  };
  addEventListener('click', (event) => {
    const target = event.target;
    if (state.joinAt === null && target instanceof Element &&
        target.closest('[data-testid="meeting-prejoin-join"]')) {
      state.joinAt = performance.now();
    }
  }, true);
  const record = (video, at) => {
    if (state.joinAt === null || !(video.videoWidth > 0)) return;
    const tile = video.closest('[data-testid="meeting-tile"]');
    const key = (tile && tile.getAttribute('data-user-id')) || '?';
    const ms = at - state.joinAt;
    if (!(key in state.frames) || ms < state.frames[key]) state.frames[key] = ms;
  };
  const watched = new WeakSet();
  const watch = (video) => {
    if (watched.has(video)) return;
    watched.add(video);
    if (!('requestVideoFrameCallback' in video)) return;
    const onFrame = (now) => {
      if (video.isConnected && video.videoWidth > 0 && state.joinAt !== null) record(video, now);
      else video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  const scan = () => {
    for (const video of document.querySelectorAll(selector)) {
      watch(video);
      if (video.videoWidth > 0 && video.currentTime > 0) record(video, performance.now());
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  setInterval(scan, 50);
})();`;

/** What the probe has seen in a page. */
export type Probe = {
  joinAt: number | null;
  frames: Record<string, number>;
  signals: Record<string, number>;
  /** ms from the click: camera sent, socket open, first signal sent, first offer sent, first peer connected. */
  marks: Record<string, number>;
  /** RTCPeerConnections made after the click (the product's one candidate probe among them). */
  connections: number;
  iceFailed: number;
  /** Each signal's fingerprint → when (Date.now()) it first went out / first came in here. */
  sent: Record<string, number>;
  received: Record<string, number>;
  /** The sockets opened after the click and the frames each sent. */
  sockets: RecordedSocket[];
};

export const readProbe = (page: Page) => page.evaluate<Probe | undefined>('window.__meshBench');

/** Each remote <video>'s clock, by tile: read twice a second apart, a frozen picture stands. */
export const remoteClocks = (page: Page) =>
  page.evaluate<
    Array<{ key: string; time: number; width: number }>
  >(`Array.from(document.querySelectorAll(
    '[data-testid="meeting-tile"][data-self="false"] video[data-testid="meeting-tile-video"]'
  )).map((video) => ({
    key: video.closest('[data-testid="meeting-tile"]')?.getAttribute('data-user-id') ?? '?',
    time: video.currentTime,
    width: video.videoWidth,
  }))`);
