import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { openRedis, type RedisLog } from '../redis-client';
import type { BusHandler, EventBus, SubscriptionState } from './event-bus';

const PREFIX = 'teamup:bus:';

/** The handlers of one topic and the Redis SUBSCRIBE that feeds them. */
type Topic = { handlers: Set<BusHandler>; subscribed: Promise<void> };

/**
 * Redis pub/sub fan-out: every instance subscribes to the topics its own clients need, so an event
 * published on any instance reaches every subscriber once, wherever it is connected.
 */
export class RedisBus implements EventBus {
  private readonly topics = new Map<string, Topic>();
  private readonly stateListeners = new Set<(state: SubscriptionState) => void>();
  /** Whether the subscriber's connection hears its topics now (it does once `connect` answers). */
  private hearing = true;
  /** Counts the subscriber's reconnections: a resubscription overtaken by a newer one is dropped. */
  private reconnections = 0;
  private closing = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    /** The subscriber's CLIENT SETNAME, one per instance: operators (and tests) find it by it. */
    readonly subscriberName: string,
  ) {
    // A dropped connection loses every message published until it is back: Redis pub/sub keeps
    // nothing for an absent subscriber. ioredis reconnects by itself and sends the SUBSCRIBEs
    // again (autoResubscribe); those are confirmed here before anyone is told, so an event
    // published after the `resubscribed` listeners ran is surely heard (decision 0032).
    subscriber.on('close', () => this.lost());
    subscriber.on('ready', () => void this.resubscribe());
    subscriber.on('message', (channel: string, payload: string) => {
      const topic = this.topics.get(channel.slice(PREFIX.length));
      if (!topic) return;
      let event: unknown;
      try {
        event = JSON.parse(payload);
      } catch {
        return;
      }
      for (const handler of topic.handlers) {
        try {
          handler(event);
        } catch {
          // One subscriber's failure must not escape into the Redis client or starve the others.
        }
      }
    });
  }

  static async connect(url: string, log?: RedisLog): Promise<RedisBus> {
    const publisher = openRedis(url, 'bus publisher', log, {
      lazyConnect: true,
      maxRetriesPerRequest: 3,
    });
    const subscriberName = `teamup-bus-sub-${randomBytes(6).toString('hex')}`;
    const subscriber = openRedis(url, 'bus subscriber', log, {
      lazyConnect: true,
      connectionName: subscriberName,
    });
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
    } catch (error) {
      // Otherwise both clients keep reconnecting in the background forever.
      publisher.disconnect();
      subscriber.disconnect();
      throw error;
    }
    return new RedisBus(publisher, subscriber, subscriberName);
  }

  onSubscriptionState(listener: (state: SubscriptionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  private tell(state: SubscriptionState) {
    for (const listener of [...this.stateListeners]) {
      try {
        listener(state);
      } catch {
        // One listener's failure must not escape into the Redis client or keep the others untold.
      }
    }
  }

  private lost() {
    if (this.closing || !this.hearing) return;
    this.hearing = false;
    this.tell('lost');
  }

  private async resubscribe() {
    if (this.closing || this.hearing) return;
    this.reconnections += 1;
    const reconnection = this.reconnections;
    const channels = [...this.topics.keys()].map((topic) => PREFIX + topic);
    try {
      // Already sent again by ioredis; asking once more (harmless) gives a reply to wait for,
      // which comes after theirs on the same connection.
      if (channels.length > 0) await this.subscriber.subscribe(...channels);
    } catch {
      return; // dropped again: the next `ready` tries anew
    }
    if (this.closing || reconnection !== this.reconnections) return;
    if (this.subscriber.status !== 'ready') return;
    this.hearing = true;
    this.tell('resubscribed');
  }

  async publish(topic: string, event: unknown): Promise<void> {
    await this.publisher.publish(PREFIX + topic, JSON.stringify(event));
  }

  async subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    let entry = this.topics.get(topic);
    if (!entry) {
      const subscribed = this.subscriber.subscribe(PREFIX + topic).then(() => undefined);
      entry = { handlers: new Set(), subscribed };
      this.topics.set(topic, entry);
      subscribed.catch(() => {
        if (this.topics.get(topic) === entry) this.topics.delete(topic);
      });
    }
    entry.handlers.add(handler);
    const current = entry;
    // Every caller, not just the first, resolves only once Redis confirmed the subscription.
    try {
      await current.subscribed;
    } catch (error) {
      current.handlers.delete(handler);
      throw error;
    }
    return async () => {
      current.handlers.delete(handler);
      if (current.handlers.size === 0 && this.topics.get(topic) === current) {
        this.topics.delete(topic);
        await this.subscriber.unsubscribe(PREFIX + topic).catch(() => undefined);
      }
    };
  }

  async ping(): Promise<void> {
    await this.publisher.ping();
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stateListeners.clear();
    this.topics.clear();
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => undefined);
  }
}
