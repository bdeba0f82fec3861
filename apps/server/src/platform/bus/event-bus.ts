/** Topic-based publish/subscribe shared by every live channel (SSE, STOMP). */
export type BusHandler = (event: unknown) => void;

export interface EventBus {
  /** Resolves once the event is handed to the transport; call it only after the write committed. */
  publish(topic: string, event: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Rejects when the transport's server (Redis) does not answer; absent for in-process buses. */
  ping?(): Promise<void>;
}
