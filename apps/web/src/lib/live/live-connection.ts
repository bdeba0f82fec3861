import type { LiveEvent, ResyncSignal } from '@teamup/contracts/events';
import { QUIET_WATCH_INTERVAL_MS, quietAction } from './quiet-watch';
import { mayReconnect, reconnectDelayMs } from './reconnect-schedule';

/**
 * The state of the live link: `connecting` while registering, opening or waiting to reconnect,
 * `open` while events flow, `down` once the client gave up (or cannot stream at all).
 */
export type LiveState = 'connecting' | 'open' | 'down';

/** EventSource readyState values. */
export const STREAM_CONNECTING = 0;
export const STREAM_OPEN = 1;
export const STREAM_CLOSED = 2;

/** The part of EventSource the connection uses (a fake one in tests). */
export interface EventStream {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export interface LiveConnectionDeps {
  /** POST /sse/register: a single-use ticket. */
  register: () => Promise<{ ticket: string }>;
  /** Opens the event stream at the subscribe address. */
  openStream: (url: string) => EventStream;
  /** The subscribe address for a ticket, resuming after the last event seen (if any). */
  subscribeUrl: (ticket: string, lastEventId: string | null) => string;
  now?: () => number;
  /** False where the browser has no EventSource: the link is `down` from the start. */
  supported?: boolean;
}

export type LiveEventHandler = (event: LiveEvent) => void;
export type LiveStateHandler = (state: LiveState) => void;
export type LiveResyncHandler = () => void;

/**
 * Sent by the server instead of a replay when what the client missed is no longer in its event
 * log: everything shown must be fetched again.
 */
export const RESYNC_EVENT: ResyncSignal['type'] = 'RESYNC';

/** Named events that only say "still here" (SSE comments never reach a page). */
const KEEP_ALIVE_EVENTS = ['heartbeat', 'ping'];

/**
 * Sent by the server as the stream ends because the access token behind its ticket expired: come
 * back with a new ticket (registering refreshes the token). The swap is quiet and loses nothing.
 */
export const REAUTH_EVENT = 'reauth';

function parseEvent(data: string): LiveEvent | typeof RESYNC_EVENT | null {
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value === 'object' && value !== null && 'type' in value) {
      if (value.type === RESYNC_EVENT) return RESYNC_EVENT;
      return typeof value.type === 'string' ? (value as LiveEvent) : null;
    }
  } catch {
    // A line that is not JSON is ignored, as an unknown event would be.
  }
  return null;
}

/**
 * One live link per logged-in app: registers for a ticket, subscribes, hands every event to its
 * subscribers, reconnects with growing delays (giving up after 10 failures in a row) and watches
 * for quiet. Each connect needs a new ticket, so the last event id travels in the address.
 */
export class LiveConnection {
  private state: LiveState = 'connecting';
  private stream: EventStream | null = null;
  /** Bumped on every connect and stop: answers of an older connect are ignored. */
  private generation = 0;
  private failures = 0;
  private retryPending = false;
  private stopped = true;
  private lastActivity = 0;
  private lastEventId: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchTimer: ReturnType<typeof setInterval> | undefined;
  private readonly eventHandlers = new Set<LiveEventHandler>();
  private readonly stateHandlers = new Set<LiveStateHandler>();
  private readonly resyncHandlers = new Set<LiveResyncHandler>();
  private readonly now: () => number;

  constructor(private readonly deps: LiveConnectionDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  getState = (): LiveState => this.state;

  /** Hears every live event; returns the unsubscribe function. */
  subscribe = (handler: LiveEventHandler): (() => void) => {
    this.eventHandlers.add(handler);
    return () => this.eventHandlers.delete(handler);
  };

  /** Hears every state change; returns the unsubscribe function. */
  onStateChange = (handler: LiveStateHandler): (() => void) => {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  };

  /** Hears the server's RESYNC (missed events are gone: reload from the API). */
  onResync = (handler: LiveResyncHandler): (() => void) => {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  };

  start(): void {
    if (!this.stopped) return;
    if (this.deps.supported === false) {
      this.setState('down');
      return;
    }
    this.stopped = false;
    this.failures = 0;
    this.connect();
    this.watchTimer = setInterval(() => this.checkQuiet(), QUIET_WATCH_INTERVAL_MS);
  }

  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.retryPending = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.watchTimer);
    this.closeStream();
  }

  /** Starts over at once with a fresh count of attempts (the retry button, coming back online). */
  retryNow(): void {
    if (this.stopped) return;
    this.failures = 0;
    this.connect();
  }

  private setState(next: LiveState): void {
    if (this.state === next) return;
    this.state = next;
    for (const handler of [...this.stateHandlers]) handler(next);
  }

  private closeStream(): void {
    const stream = this.stream;
    this.stream = null;
    if (!stream) return;
    stream.onopen = null;
    stream.onmessage = null;
    stream.onerror = null;
    stream.close();
  }

  /** `keepState`: a swap of a silent but open link, which the rest of the app need not notice. */
  private connect(keepState = false): void {
    clearTimeout(this.retryTimer);
    this.retryPending = false;
    this.closeStream();
    const generation = ++this.generation;
    if (!keepState) this.setState('connecting');
    this.lastActivity = this.now();
    this.deps
      .register()
      .then(({ ticket }) => {
        if (generation !== this.generation) return;
        if (typeof ticket !== 'string' || !ticket) throw new Error('no ticket');
        this.openStream(generation, ticket);
      })
      .catch(() => {
        if (generation === this.generation) this.fail();
      });
  }

  private openStream(generation: number, ticket: string): void {
    const stream = this.deps.openStream(this.deps.subscribeUrl(ticket, this.lastEventId));
    this.stream = stream;
    this.lastActivity = this.now();
    const current = () => generation === this.generation && this.stream === stream;
    stream.onopen = () => {
      if (!current()) return;
      this.failures = 0;
      this.lastActivity = this.now();
      this.setState('open');
    };
    stream.onmessage = (message) => {
      if (!current()) return;
      this.lastActivity = this.now();
      if (message.lastEventId) this.lastEventId = message.lastEventId;
      // A message proves the link works even if `open` was never heard.
      this.failures = 0;
      this.setState('open');
      const event = parseEvent(message.data);
      if (event === RESYNC_EVENT) {
        for (const handler of [...this.resyncHandlers]) handler();
      } else if (event) {
        for (const handler of [...this.eventHandlers]) handler(event);
      }
    };
    for (const name of KEEP_ALIVE_EVENTS) {
      stream.addEventListener(name, () => {
        if (current()) this.lastActivity = this.now();
      });
    }
    stream.addEventListener(REAUTH_EVENT, () => {
      if (current()) this.connect(true);
    });
    // A ticket is single use: the browser's own reconnect would bring it back and be refused
    // (401 SSE_TICKET_SPENT), so every error closes the stream and this class reconnects with a
    // new ticket, resuming after the last event id.
    stream.onerror = () => {
      if (!current()) return;
      this.closeStream();
      this.fail();
    };
  }

  private fail(): void {
    if (this.stopped) return;
    if (!mayReconnect(this.failures)) {
      this.setState('down');
      return;
    }
    this.failures += 1;
    this.setState('connecting');
    this.retryPending = true;
    this.retryTimer = setTimeout(() => {
      this.retryPending = false;
      this.connect();
    }, reconnectDelayMs(this.failures));
  }

  private checkQuiet(): void {
    // Waiting for a scheduled reconnect is not quiet: the schedule decides.
    if (this.stopped || this.state === 'down' || this.retryPending) return;
    const open = this.stream?.readyState === STREAM_OPEN;
    if (quietAction(this.now() - this.lastActivity, open) !== 'reconnect') return;
    if (open) {
      // Open but silent past every heart-beat: a half-dead link. Start again at once; events
      // missed meanwhile come back through the last event id.
      this.connect(true);
    } else {
      // Never opened (or lost) within the check time: a failed attempt like any other.
      this.generation += 1;
      this.closeStream();
      this.fail();
    }
  }
}
