import type { Redis } from 'ioredis';
import { openRedis, type RedisLog } from '../redis-client';
import type { BusHandler, EventBus } from './event-bus';

const PREFIX = 'teamup:bus:';

/** The handlers of one topic and the Redis SUBSCRIBE that feeds them. */
type Topic = { handlers: Set<BusHandler>; subscribed: Promise<void> };

/**
 * Redis pub/sub fan-out: every instance subscribes to the topics its own clients need, so an event
 * published on any instance reaches every subscriber once, wherever it is connected.
 */
export class RedisBus implements EventBus {
  private readonly topics = new Map<string, Topic>();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {
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
    const subscriber = openRedis(url, 'bus subscriber', log, { lazyConnect: true });
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
    } catch (error) {
      // Otherwise both clients keep reconnecting in the background forever.
      publisher.disconnect();
      subscriber.disconnect();
      throw error;
    }
    return new RedisBus(publisher, subscriber);
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
    this.topics.clear();
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => undefined);
  }
}
