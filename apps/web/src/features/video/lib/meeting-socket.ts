import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import {
  MeetingDestinations as D,
  type MeetingChatEvent,
  type SignalEvent,
  type SignalSend,
  type VideoChannelEvent,
} from '@teamup/contracts/video';
import { renewAccessTokenFor } from '../../../lib/api-client';
import { tokenStore } from '../../../lib/token-store';

/** Spec 02 section 9: STOMP heart-beats 10 s, reconnect after 5 s, at most 15 min apart. */
const HEARTBEAT_MS = 10_000;
const RECONNECT_MS = 5_000;
const MAX_RECONNECT_MS = 15 * 60_000;
const MAX_CHUNK_BYTES = 8 * 1024;
/** The server closes the socket when its access token expires; a fresh one is sent before. */
const REAUTH_AHEAD_MS = 60_000;
const REAUTH_DESTINATION = '/app/auth';

/** When a JWT expires (epoch ms), read without checking it: only to time the renewal. */
export function tokenExpiry(token: string): number | null {
  try {
    const part = token.split('.')[1] ?? '';
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** How long to wait before renewing: a minute ahead, or halfway for shorter tokens. */
export function renewalDelayMs(expiresAt: number, now: number): number {
  const left = expiresAt - now;
  return Math.max(left - Math.min(REAUTH_AHEAD_MS, left / 2), 0);
}

export interface MeetingSocketHandlers {
  onChat: (event: MeetingChatEvent) => void;
  onVideo: (event: VideoChannelEvent) => void;
  onSignal: (event: SignalEvent) => void;
  onConnectedChange: (connected: boolean) => void;
  /** Runs before every (re)connect: a REST call here refreshes an expired access token. */
  beforeConnect?: () => Promise<void>;
  /** A fresh access token to replace the one in use (defaults to the api-client's refresh). */
  renewToken?: (tokenInUse: string | null) => Promise<string>;
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/ws`;
}

/**
 * The access token travels in the CONNECT frame, not in the address, so it never lands in a
 * proxy's access log (the server still takes `/ws?token=` from older clients).
 */
export function connectHeadersFor(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function parse<T>(message: IMessage): T | undefined {
  try {
    return JSON.parse(message.body) as T;
  } catch {
    return undefined;
  }
}

/**
 * The meeting's messaging connection (spec 02 "Meeting live connections"): STOMP at /ws with the
 * access token in CONNECT, subscribed to the room's chat and video destinations and to the caller's signal
 * queue. The server answers the chat subscription with `init` (the history) on every connect.
 */
export class MeetingSocket {
  private readonly client: Client;
  /** The access token the socket was opened or last re-authenticated with. */
  private tokenInUse: string | null = tokenStore.getAccessToken();
  private renewTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly roomId: number,
    private readonly handlers: MeetingSocketHandlers,
  ) {
    this.client = new Client({
      brokerURL: socketUrl(),
      connectHeaders: connectHeadersFor(this.tokenInUse),
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      reconnectDelay: RECONNECT_MS,
      maxReconnectDelay: MAX_RECONNECT_MS,
      maxWebSocketChunkSize: MAX_CHUNK_BYTES,
      splitLargeFrames: true,
      beforeConnect: async (client) => {
        await handlers.beforeConnect?.().catch(() => undefined);
        this.tokenInUse = tokenStore.getAccessToken();
        client.connectHeaders = connectHeadersFor(this.tokenInUse);
      },
      onConnect: () => {
        this.subscribeAll();
        this.scheduleRenewal();
      },
      onWebSocketClose: () => {
        clearTimeout(this.renewTimer);
        handlers.onConnectedChange(false);
      },
      onStompError: (frame: IFrame) => {
        // The server closes after an ERROR; the client reconnects on its own.
        console.warn('meeting socket refused:', frame.headers['message'], frame.body);
      },
    });
  }

  start(): void {
    this.client.activate();
  }

  async stop(): Promise<void> {
    clearTimeout(this.renewTimer);
    await this.client.deactivate();
  }

  /**
   * Before the token in use expires, sends a fresh one on the socket (`/app/auth`), so the server
   * keeps it open and the meeting goes on without a reconnect. If this fails, the server closes
   * the socket at the expiry and the client reconnects with a fresh token (beforeConnect).
   */
  private scheduleRenewal(): void {
    clearTimeout(this.renewTimer);
    const expiresAt = this.tokenInUse ? tokenExpiry(this.tokenInUse) : null;
    if (expiresAt === null) return;
    this.renewTimer = setTimeout(
      () => {
        const renew = this.handlers.renewToken ?? renewAccessTokenFor;
        renew(this.tokenInUse)
          .then((token) => {
            if (!this.client.connected) return;
            this.client.publish({
              destination: REAUTH_DESTINATION,
              body: JSON.stringify({ token }),
            });
            this.tokenInUse = token;
            this.scheduleRenewal();
          })
          .catch(() => undefined);
      },
      renewalDelayMs(expiresAt, Date.now()),
    );
  }

  get connected(): boolean {
    return this.client.connected;
  }

  private subscribeAll(): void {
    const { roomId, handlers } = this;
    this.client.subscribe(D.video(roomId), (message) => {
      const event = parse<VideoChannelEvent>(message);
      if (event) handlers.onVideo(event);
    });
    this.client.subscribe(D.signalQueue, (message) => {
      const event = parse<SignalEvent>(message);
      if (event && event.roomId === roomId) handlers.onSignal(event);
    });
    this.client.subscribe(D.chat(roomId), (message) => {
      const event = parse<MeetingChatEvent>(message);
      if (event) handlers.onChat(event);
    });
    handlers.onConnectedChange(true);
  }

  /** Publishes a chat line; false when not connected (the caller keeps the text). */
  sendChat(message: string): boolean {
    if (!this.client.connected) return false;
    this.client.publish({
      destination: D.publishChat(this.roomId),
      body: JSON.stringify({ type: 'chat', message }),
    });
    return true;
  }

  signal(signal: SignalSend): void {
    if (!this.client.connected) return;
    this.client.publish({
      destination: D.publishSignal(this.roomId),
      body: JSON.stringify(signal),
    });
  }
}
