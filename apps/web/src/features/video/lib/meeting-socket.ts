import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import {
  MeetingDestinations as D,
  type MeetingChatEvent,
  type SignalEvent,
  type SignalSend,
  type VideoChannelEvent,
} from '@teamup/contracts/video';
import { tokenStore } from '../../../lib/token-store';

/** Spec 02 section 9: STOMP heart-beats 10 s, reconnect after 5 s, at most 15 min apart. */
const HEARTBEAT_MS = 10_000;
const RECONNECT_MS = 5_000;
const MAX_RECONNECT_MS = 15 * 60_000;
const MAX_CHUNK_BYTES = 8 * 1024;

export interface MeetingSocketHandlers {
  onChat: (event: MeetingChatEvent) => void;
  onVideo: (event: VideoChannelEvent) => void;
  onSignal: (event: SignalEvent) => void;
  onConnectedChange: (connected: boolean) => void;
  /** Runs before every (re)connect: a REST call here refreshes an expired access token. */
  beforeConnect?: () => Promise<void>;
}

function socketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/ws?token=${encodeURIComponent(token)}`;
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
 * access token, subscribed to the room's chat and video destinations and to the caller's signal
 * queue. The server answers the chat subscription with `init` (the history) on every connect.
 */
export class MeetingSocket {
  private readonly client: Client;

  constructor(
    private readonly roomId: number,
    private readonly handlers: MeetingSocketHandlers,
  ) {
    this.client = new Client({
      brokerURL: socketUrl(tokenStore.getAccessToken() ?? ''),
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      reconnectDelay: RECONNECT_MS,
      maxReconnectDelay: MAX_RECONNECT_MS,
      maxWebSocketChunkSize: MAX_CHUNK_BYTES,
      splitLargeFrames: true,
      beforeConnect: async (client) => {
        await handlers.beforeConnect?.().catch(() => undefined);
        client.brokerURL = socketUrl(tokenStore.getAccessToken() ?? '');
      },
      onConnect: () => this.subscribeAll(),
      onWebSocketClose: () => handlers.onConnectedChange(false),
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
    await this.client.deactivate();
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
