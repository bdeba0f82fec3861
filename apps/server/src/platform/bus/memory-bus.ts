import type { BusHandler, EventBus } from './event-bus';

/** In-process bus: the default for a single instance. */
export class MemoryBus implements EventBus {
  private readonly topics = new Map<string, Set<BusHandler>>();

  async publish(topic: string, event: unknown): Promise<void> {
    // A copy keeps subscribers from seeing each other's mutations, and a JSON one gives them
    // exactly what Redis would (dates as strings). Not structuredClone: Node 20 makes a
    // MessageChannel for every call, which showed in the profile of a chat burst.
    const copy: unknown = event === undefined ? undefined : JSON.parse(JSON.stringify(event));
    for (const handler of this.topics.get(topic) ?? []) {
      try {
        handler(copy);
      } catch {
        // One subscriber's failure must not fail the publisher or starve the others.
      }
    }
  }

  async subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    const handlers = this.topics.get(topic) ?? new Set<BusHandler>();
    handlers.add(handler);
    this.topics.set(topic, handlers);
    return async () => {
      handlers.delete(handler);
      if (handlers.size === 0) this.topics.delete(topic);
    };
  }

  /** Nothing between publisher and subscriber can drop: the state never changes. */
  onSubscriptionState(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    this.topics.clear();
  }
}
