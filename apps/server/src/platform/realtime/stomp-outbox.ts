import type { WebSocket } from 'ws';
import { encodeFrame, type StompFrame } from './stomp-frames';

/**
 * A socket's outgoing frames. The frames queued by one run of code (up to its end: a microtask,
 * as the SSE hub's) go out as one WebSocket message (STOMP lets a message hold several frames,
 * and clients parse it as a stream): a burst of events is one send per socket, not one per event.
 * Order is kept; `close` sends what is still queued (an ERROR's reason, a DISCONNECT's receipt)
 * first.
 */
export class StompOutbox {
  private pending: string[] = [];
  private flushing = false;

  constructor(private readonly socket: WebSocket) {}

  write(frame: StompFrame | string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.pending.push(typeof frame === 'string' ? frame : encodeFrame(frame));
    if (!this.flushing) {
      this.flushing = true;
      queueMicrotask(() => this.flush());
    }
  }

  flush(): void {
    this.flushing = false;
    const frames = this.pending;
    this.pending = [];
    if (frames.length === 0 || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(frames.length === 1 ? (frames[0] as string) : frames.join(''));
  }

  close(code: number, reason: string): void {
    this.flush();
    this.socket.close(code, reason);
  }
}
