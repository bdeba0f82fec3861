/**
 * The server's CPU for a discussion's signalling alone (issue 47's second target), apart from the
 * HTTP calls of joining and from the browsers: every frame the four pages sent on their meeting
 * sockets during the connect phase (STOMP CONNECT, the subscriptions, each `ready`, offer, answer
 * and candidate) is sent again, byte for byte and at the moment it first went out, on fresh
 * sockets of the same people, who are in the meeting again (joined over HTTP before the clock
 * starts). The server does what it did for the pages: authenticates, subscribes, hands each
 * participant's roster, checks each signal's sender and receiver and delivers it; the sockets
 * read what comes back and do nothing with it.
 */
import { WebSocket } from 'ws';
import { sleep } from './support';

/** One meeting socket a page opened after the click, and what it sent (ms from the click). */
export interface RecordedSocket {
  url: string;
  openedAt: number;
  frames: Array<{ at: number; data: string }>;
}

export interface ReplayResult {
  /** CPU seconds of the server over the replay, and the replay's wall seconds. */
  cpu: number;
  wall: number;
  frames: number;
  /** Frames the server answered with an ERROR (a replay that went wrong says so). */
  errors: number;
}

/** Sends one recorded socket's frames at their moments, from `start` (performance.now()). */
async function replayOne(
  socket: RecordedSocket,
  start: number,
  until: number,
  keep: (frame: string) => boolean,
): Promise<{ sent: number; errors: number; close: () => void }> {
  await sleep(Math.max(0, start + socket.openedAt - performance.now()));
  const ws = new WebSocket(socket.url);
  let errors = 0;
  ws.on('message', (data: Buffer) => {
    if (data.toString('utf8', 0, 5) === 'ERROR') errors += 1;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let sent = 0;
  for (const frame of socket.frames) {
    if (frame.at > until) break;
    if (!keep(frame.data)) continue;
    await sleep(Math.max(0, start + frame.at - performance.now()));
    ws.send(frame.data);
    sent += 1;
  }
  return { sent, errors, close: () => ws.close() };
}

/**
 * Replays the sockets' frames up to `windowMs` after the click and answers the server's CPU
 * over that window (`cpuSeconds` reads it). The people must be in the meeting again already.
 */
export async function replaySignalling(
  sockets: RecordedSocket[],
  windowMs: number,
  cpuSeconds: () => Promise<number>,
  /** Which frames to send again (all by default). */
  keep: (frame: string) => boolean = () => true,
): Promise<ReplayResult> {
  const cpuBefore = await cpuSeconds();
  const start = performance.now();
  const replays = await Promise.all(
    sockets.map((socket) => replayOne(socket, start, windowMs, keep)),
  );
  await sleep(Math.max(0, start + windowMs - performance.now()));
  // What the server still had to deliver of the last frames belongs to them.
  await sleep(200);
  const cpu = (await cpuSeconds()) - cpuBefore;
  const wall = (performance.now() - start) / 1000;
  const errors = replays.reduce((sum, one) => sum + one.errors, 0);
  for (const one of replays) one.close();
  return { cpu, wall, frames: replays.reduce((sum, one) => sum + one.sent, 0), errors };
}

/** A STOMP frame that is not a SEND: CONNECT, SUBSCRIBE, a heart-beat. */
export const opensOnly = (frame: string) => !frame.startsWith('SEND');
