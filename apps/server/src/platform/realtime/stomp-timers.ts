import type { WebSocket } from 'ws';
import { negotiateHeartbeat } from './stomp-frames';

/** What we offer: send and expect heart-beats every 10 s (spec 02 section 9). */
const SERVER_HEARTBEAT: [number, number] = [10_000, 10_000];
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A session's clocks: the CONNECT frame awaited for 10 s, then the heart-beats agreed on (STOMP
 * 1.2): an EOL sent every `sendEveryMs`, and the client given up (`silent`) when nothing came from
 * it for twice `expectEveryMs`, the slack for network delay the STOMP spec suggests.
 */
export class StompTimers {
  private lastHeard = Date.now();
  private connectTimer: NodeJS.Timeout | undefined;
  private sendTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;

  constructor(private readonly socket: WebSocket) {}

  /** Anything at all came from the client (a frame, or a heart-beat EOL). */
  heard(): void {
    this.lastHeard = Date.now();
  }

  /** `late` runs unless `connected` is called within the time a CONNECT may take. */
  awaitConnect(late: () => void): void {
    this.connectTimer = setTimeout(late, CONNECT_TIMEOUT_MS);
  }

  /**
   * The CONNECT frame came, offering `clientHeartbeat`: the heart-beats agreed on start. Answers
   * the heart-beat header of the CONNECTED frame (what we offer).
   */
  connected(clientHeartbeat: string | undefined, silent: () => void): string {
    clearTimeout(this.connectTimer);
    const terms = negotiateHeartbeat(clientHeartbeat, SERVER_HEARTBEAT);
    if (terms.sendEveryMs > 0) {
      this.sendTimer = setInterval(() => {
        if (this.socket.readyState === this.socket.OPEN) this.socket.send('\n');
      }, terms.sendEveryMs);
    }
    if (terms.expectEveryMs > 0) {
      const tolerance = terms.expectEveryMs * 2;
      this.checkTimer = setInterval(() => {
        if (Date.now() - this.lastHeard > tolerance) silent();
      }, terms.expectEveryMs);
    }
    return `${SERVER_HEARTBEAT[0]},${SERVER_HEARTBEAT[1]}`;
  }

  stop(): void {
    clearTimeout(this.connectTimer);
    clearInterval(this.sendTimer);
    clearInterval(this.checkTimer);
  }
}
