import type { Db } from '../../db/client';
import type { BusHandler, EventBus } from './event-bus';
import * as repo from './live-events.repo';

/** A published event as subscribers receive it: the event's own fields plus its log id. */
export type LoggedEvent = Record<string, unknown> & { eventId: number };

/**
 * Logs every event (topic, payload, a global increasing id) before publishing it, so a live
 * client that reconnects can ask for what it missed (`Last-Event-ID`) from any instance.
 * Subscribers get the event with `eventId` added.
 */
export class ReplayableBus implements EventBus {
  constructor(
    private readonly inner: EventBus,
    private readonly db: () => Db,
  ) {}

  async publish(topic: string, event: unknown): Promise<void> {
    const eventId = await repo.insertLiveEvent(this.db(), topic, event);
    const payload = { ...(event as Record<string, unknown>), eventId };
    await this.inner.publish(topic, payload);
  }

  /** For internal signals between instances (never replayed to clients): not logged. */
  publishUnlogged(topic: string, event: unknown): Promise<void> {
    return this.inner.publish(topic, event);
  }

  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    return this.inner.subscribe(topic, handler);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The logged events of `topics` after `afterId`, oldest first, at most `limit`. */
  async replay(topics: string[], afterId: number, limit: number): Promise<LoggedEvent[]> {
    if (topics.length === 0) return [];
    const rows = await repo.liveEventsAfter(this.db(), topics, afterId, limit);
    return rows.map((row) => ({ ...(row.payload as Record<string, unknown>), eventId: row.id }));
  }

  /** The smallest id still in the log (replay can reach back no further), or null when empty. */
  async oldestId(): Promise<number | null> {
    return repo.oldestLiveEventId(this.db());
  }

  /** Forgets events older than `before`. */
  async prune(before: Date): Promise<number> {
    return repo.pruneLiveEvents(this.db(), before);
  }
}
