/** Topic-based publish/subscribe shared by every live channel (SSE, STOMP). */
export type BusHandler = (event: unknown) => void;

/**
 * When this instance's subscriptions stop hearing (`lost`: the transport's connection dropped)
 * and when they hear again (`resubscribed`: reconnected and every subscription confirmed).
 * Events published in between never reach this instance (decision 0032).
 */
export type SubscriptionState = 'lost' | 'resubscribed';

export interface EventBus {
  /** Resolves once the event is handed to the transport; call it only after the write committed. */
  publish(topic: string, event: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Tells `listener` each time the subscriptions are lost and each time they are in place again
   * after a loss (never for the first subscription: nothing can have been missed before it).
   * An in-process bus never loses them. Returns a function that stops telling.
   */
  onSubscriptionState(listener: (state: SubscriptionState) => void): () => void;
  close(): Promise<void>;
  /** Rejects when the transport's server (Redis) does not answer; absent for in-process buses. */
  ping?(): Promise<void>;
}
