import type { EventBus } from '../bus/event-bus';

export type TopicHandler = (event: unknown, topic: string) => void;

/** The listeners of one topic, and the one bus subscription they share. */
type Listeners<K> = {
  handlers: Map<K, TopicHandler>;
  subscribed: Promise<() => Promise<void>>;
};

/**
 * One bus subscription per topic, shared by every listener of this instance that hears it (the
 * SSE hub's streams), not one per listener: a message to a room of 1,000 open streams is one
 * call from the bus, handed here to each of them. The subscription goes with its last listener.
 */
export class SharedTopics<K> {
  private readonly byTopic = new Map<string, Listeners<K>>();

  constructor(
    private readonly bus: Pick<EventBus, 'subscribe'>,
    /** Told when one listener's handler throws (the others still get the event). */
    private readonly onFailure: (error: unknown, key: K) => void,
  ) {}

  /** Resolves once `key` hears `topic`; rejects (and `key` does not) when the bus refused it. */
  async add(topic: string, key: K, handler: TopicHandler): Promise<void> {
    let listeners = this.byTopic.get(topic);
    if (!listeners) {
      const handlers = new Map<K, TopicHandler>();
      const subscribed = this.bus.subscribe(topic, (event) =>
        this.dispatch(handlers, event, topic),
      );
      const created: Listeners<K> = { handlers, subscribed };
      // A subscription the transport refused (Redis down) is not kept for the next listener.
      subscribed.catch(() => {
        if (this.byTopic.get(topic) === created) this.byTopic.delete(topic);
      });
      this.byTopic.set(topic, created);
      listeners = created;
    }
    listeners.handlers.set(key, handler);
    try {
      await listeners.subscribed;
    } catch (error) {
      listeners.handlers.delete(key);
      throw error;
    }
  }

  async remove(topic: string, key: K): Promise<void> {
    const listeners = this.byTopic.get(topic);
    if (!listeners?.handlers.delete(key) || listeners.handlers.size > 0) return;
    // The last listener of the topic: the subscription goes. One listening again meanwhile makes
    // a new one (this one's handlers are its own and stay empty).
    this.byTopic.delete(topic);
    const stop = await listeners.subscribed.catch(() => undefined);
    await stop?.();
  }

  private dispatch(handlers: Map<K, TopicHandler>, event: unknown, topic: string) {
    for (const [key, handler] of handlers) {
      try {
        handler(event, topic);
      } catch (error) {
        // One listener's failure must not keep the event from the others.
        this.onFailure(error, key);
      }
    }
  }
}
