import { Counter, Gauge, Registry } from 'prom-client';

/**
 * Counts kept by the platform's live parts (SSE hub, STOMP endpoint, event bus), which have no
 * handle on the app that serves `/metrics`: one set per process, exposed by every app built in
 * it (one in production). The HTTP and database figures are per app (metrics.ts).
 */
export const liveRegistry = new Registry();

/**
 * Deliveries to subscribers by topic kind, counted as plain numbers and added to their counter
 * when it is read: an event to 1,000 subscribers is 1,000 deliveries, and prom-client builds its
 * label key on every `inc`, bound labels or not.
 */
const receivedTallies = new Map<string, { count: number }>();

/** The tally a subscription of this topic kind adds its deliveries to (`count += 1`). */
export function receivedTally(kind: string): { count: number } {
  let tally = receivedTallies.get(kind);
  if (!tally) {
    tally = { count: 0 };
    receivedTallies.set(kind, tally);
  }
  return tally;
}

export const liveMetrics = {
  sseStreams: new Gauge({
    name: 'teamup_sse_streams_open',
    help: 'Server-sent event streams open on this instance',
    registers: [liveRegistry],
  }),
  stompSockets: new Gauge({
    name: 'teamup_stomp_sockets_open',
    help: 'STOMP WebSocket connections open on this instance',
    registers: [liveRegistry],
  }),
  stompRateLimited: new Counter({
    name: 'teamup_stomp_frames_rate_limited_total',
    help: 'STOMP frames refused on this instance because their account had spent its request budget',
    registers: [liveRegistry],
  }),
  busPublished: new Counter({
    name: 'teamup_bus_events_published_total',
    help: 'Events this instance published on the event bus, by topic kind (user, workspace, …)',
    labelNames: ['topic'],
    registers: [liveRegistry],
  }),
  busReceived: new Counter({
    name: 'teamup_bus_events_received_total',
    help: 'Events the event bus handed to subscribers on this instance (one per subscriber), by topic kind',
    labelNames: ['topic'],
    registers: [liveRegistry],
    collect() {
      for (const [topic, tally] of receivedTallies) {
        if (tally.count === 0) continue;
        this.inc({ topic }, tally.count);
        tally.count = 0;
      }
    },
  }),
};

/** A topic's kind (`workspace.12` → `workspace`): bounded label values, no ids. */
export function topicKind(topic: string): string {
  const kind = topic.split(/[.:]/, 1)[0] ?? '';
  return /^[a-z][a-z0-9_-]{0,31}$/i.test(kind) ? kind : 'other';
}
