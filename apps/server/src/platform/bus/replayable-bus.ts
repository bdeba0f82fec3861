import type { Db } from '../../db/client';
import { liveMetrics, receivedTally, topicKind } from '../observability/live-metrics';
import type { BusHandler, EventBus, SubscriptionState } from './event-bus';
import * as repo from './live-events.repo';

/** A published event as subscribers receive it: the event's own fields plus its log id. */
export type LoggedEvent = Record<string, unknown> & { eventId: number };

type QueuedEvent = {
  topic: string;
  payload: unknown;
  resolve: (eventId: number) => void;
  reject: (error: unknown) => void;
};

/** An event a write logged itself, in the statement that stored what it tells of. */
export type SelfLoggedEvent = { topic: string; payload: Record<string, unknown>; eventId: number };

/** A write that logs its own events (see `ReplayableBus.logWith`). */
type QueuedWrite = {
  write: () => Promise<{ events: readonly SelfLoggedEvent[] }>;
  resolve: (written: unknown) => void;
  reject: (error: unknown) => void;
};

type Queued = QueuedEvent | QueuedWrite;
const isWrite = (queued: Queued): queued is QueuedWrite => 'write' in queued;

const MAX_BATCH = 500;

/**
 * Logs every event (topic, payload, a global increasing id) before publishing it, so a live
 * client that reconnects can ask for what it missed (`Last-Event-ID`) from any instance.
 * Subscribers get the event with `eventId` added.
 */
export class ReplayableBus implements EventBus {
  /** Events (and writes that log their own) waiting for the log's writer, in publish order. */
  private queue: Queued[] = [];
  /** The log write in progress: one at a time, so ids follow publish order. */
  private writing: Promise<void> | null = null;

  constructor(
    private readonly inner: EventBus,
    private readonly db: () => Db,
    /** Told when a self-logged event could not be handed on (its change stays committed). */
    private readonly onNotHandedOn: (error: unknown, topic: string) => void = () => undefined,
  ) {}

  /**
   * Logs, then hands the event on. Events published while a log write is in progress are
   * written together in one multi-row insert, so a burst costs one query, not one per event.
   * Rejects when the event could not be logged. Once logged, a transport that fails (Redis down)
   * is reported, not thrown: the change the event tells of is committed, and a request answered
   * 503 for it would be sent again and done twice; the event stays in the log, where a client
   * that reconnects finds it (decision 0031).
   */
  async publish(topic: string, event: unknown): Promise<void> {
    const eventId = await new Promise<number>((resolve, reject) => {
      this.queue.push({ topic, payload: event, resolve, reject });
      this.writing ??= this.writeQueued();
    });
    await this.handOn(topic, { ...(event as Record<string, unknown>), eventId }).catch(
      (error: unknown) => this.onNotHandedOn(error, topic),
    );
  }

  /**
   * Runs `write` as a step of the log's writer, for a statement that stores a change and logs its
   * events together (a chat send: decision 0026). The statement draws the events' ids from the
   * log itself; running it here, between the batches of published events, keeps the ids in the
   * order subscribers get the events, which a replay from a client's last id relies on. Its
   * events are handed on once it has committed, then it answers what `write` answered.
   */
  logWith<T extends { events: readonly SelfLoggedEvent[] }>(write: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve: resolve as (written: unknown) => void, reject });
      // A write has its batch already: it need not wait a turn for others to join.
      this.writing ??= this.writeQueued(false);
    });
  }

  private async writeQueued(gather = true): Promise<void> {
    // Let the publishes of this turn of the event loop join the first batch.
    if (gather) await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const head = this.queue[0] as Queued;
      if (isWrite(head)) {
        this.queue.shift();
        await this.runWrite(head);
        continue;
      }
      const end = this.queue.findIndex(isWrite);
      const batch = this.queue.splice(0, Math.min(end < 0 ? this.queue.length : end, MAX_BATCH));
      try {
        const ids = await repo.insertLiveEvents(this.db(), batch as QueuedEvent[]);
        (batch as QueuedEvent[]).forEach((queued, index) => queued.resolve(ids[index] as number));
      } catch (error) {
        for (const queued of batch) queued.reject(error);
      }
    }
    this.writing = null;
  }

  private async runWrite(queued: QueuedWrite): Promise<void> {
    let written: { events: readonly SelfLoggedEvent[] };
    try {
      written = await queued.write();
    } catch (error) {
      queued.reject(error);
      return;
    }
    // Committed: its events go out now, after those logged before it (already handed on).
    for (const { topic, payload, eventId } of written.events) {
      this.handOn(topic, { ...payload, eventId }).catch((error: unknown) => {
        this.onNotHandedOn(error, topic);
      });
    }
    queued.resolve(written);
  }

  private async handOn(topic: string, payload: LoggedEvent): Promise<void> {
    await this.inner.publish(topic, payload);
    liveMetrics.busPublished.inc({ topic: topicKind(topic) });
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

  onSubscriptionState(listener: (state: SubscriptionState) => void): () => void {
    return this.inner.onSubscriptionState(listener);
  }

  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    // A plain count, added to the counter when /metrics reads it (live-metrics.ts).
    const received = receivedTally(topicKind(topic));
    return this.inner.subscribe(topic, (event) => {
      received.count += 1;
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

  /** The logged events of `topics` after `afterId` but for `except`, oldest first, at most `limit`. */
  async replay(
    topics: string[],
    afterId: number,
    limit: number,
    except: readonly number[] = [],
  ): Promise<LoggedEvent[]> {
    if (topics.length === 0) return [];
    const rows = await repo.liveEventsAfter(this.db(), topics, afterId, limit, except);
    return rows.map((row) => ({ ...(row.payload as Record<string, unknown>), eventId: row.id }));
  }

  /** The smallest id still in the log (replay can reach back no further), or null when empty. */
  async oldestId(): Promise<number | null> {
    return repo.oldestLiveEventId(this.db());
  }

  /** The largest id in the log, or null when empty. */
  async newestId(): Promise<number | null> {
    return repo.newestLiveEventId(this.db());
  }

  /** Forgets events older than `before`. */
  async prune(before: Date): Promise<number> {
    return repo.pruneLiveEvents(this.db(), before);
  }
}
