import type { Db } from '../../db/client';
import { liveMetrics, topicKind } from '../observability/live-metrics';
import type { BusHandler, EventBus } from './event-bus';
import * as repo from './live-events.repo';

/** A published event as subscribers receive it: the event's own fields plus its log id. */
export type LoggedEvent = Record<string, unknown> & { eventId: number };

type QueuedEvent = {
  topic: string;
  payload: unknown;
  resolve: (eventId: number) => void;
  reject: (error: unknown) => void;
};

const MAX_BATCH = 500;

/**
 * Logs every event (topic, payload, a global increasing id) before publishing it, so a live
 * client that reconnects can ask for what it missed (`Last-Event-ID`) from any instance.
 * Subscribers get the event with `eventId` added.
 */
export class ReplayableBus implements EventBus {
  /** Events waiting for the next log write, in publish order. */
  private queue: QueuedEvent[] = [];
  /** The log write in progress: one at a time, so ids follow publish order. */
  private writing: Promise<void> | null = null;

  constructor(
    private readonly inner: EventBus,
    private readonly db: () => Db,
  ) {}

  /**
   * Logs, then hands the event on. Events published while a log write is in progress are
   * written together in one multi-row insert, so a burst costs one query, not one per event.
   */
  async publish(topic: string, event: unknown): Promise<void> {
    const eventId = await new Promise<number>((resolve, reject) => {
      this.queue.push({ topic, payload: event, resolve, reject });
      this.writing ??= this.writeQueued();
    });
    const payload = { ...(event as Record<string, unknown>), eventId };
    await this.inner.publish(topic, payload);
    liveMetrics.busPublished.inc({ topic: topicKind(topic) });
  }

  private async writeQueued(): Promise<void> {
    // Let the publishes of this turn of the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const ids = await repo.insertLiveEvents(this.db(), batch);
        batch.forEach((queued, index) => queued.resolve(ids[index] as number));
      } catch (error) {
        for (const queued of batch) queued.reject(error);
      }
    }
    this.writing = null;
  }

  /** Resolves once every event published so far is logged and handed on (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
    // The last batch's subscribers are called in the turns right after its write.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** For internal signals between instances (never replayed to clients): not logged. */
  async publishUnlogged(topic: string, event: unknown): Promise<void> {
    await this.inner.publish(topic, event);
    liveMetrics.busPublished.inc({ topic: topicKind(topic) });
  }

  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    const kind = topicKind(topic);
    return this.inner.subscribe(topic, (event) => {
      liveMetrics.busReceived.inc({ topic: kind });
      handler(event);
    });
  }

  /** Rejects when the transport's server (Redis) does not answer; an in-process bus always does. */
  async ping(): Promise<void> {
    await this.inner.ping?.();
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
