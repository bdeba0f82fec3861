import type { EventBus } from '../bus/event-bus';
import type { SubscribeRoute } from './stomp-destinations';
import { bodyOfEvent, encodeBody, type StompFrame } from './stomp-frames';
import type { StompWriter } from './stomp-writer';

const MAX_SUBSCRIPTIONS = 100;

type Subscription = { destination: string; route?: SubscribeRoute; stop: () => Promise<void> };

/** What the subscriptions need of their session. */
export type SubscriptionsDeps = {
  bus: Pick<EventBus, 'subscribe'>;
  writer: StompWriter;
  /** The destination's route (the first set serving it), if any. */
  routeOf: (destination: string) => SubscribeRoute | undefined;
  isClosed: () => boolean;
  /** ERROR, then the session closes. */
  fail: (message: string, detail: string, receipt?: string) => void;
};

/**
 * A session's subscriptions: SUBSCRIBE checked against its destination's route and opened on the
 * bus topic behind it, UNSUBSCRIBE, and the re-checks of access (decision 0012) that end the
 * subscriptions no longer allowed. While a re-check runs, the bus's events wait; afterwards only
 * those of subscriptions still in place go out, so an event right after a removal never slips
 * through.
 */
export class StompSubscriptions {
  private readonly entries = new Map<string, Subscription>();
  /** Events held while re-checks run (null: none running). */
  private paused: Array<() => void> | null = null;
  private rechecking = 0;

  constructor(private readonly deps: SubscriptionsDeps) {}

  /** Whether one of the subscriptions listens to the bus topic `topic`. */
  hears(topic: string): boolean {
    return [...this.entries.values()].some((entry) => entry.route?.topic === topic);
  }

  /** Writes to every subscription of `destination` (an answer to this session alone). */
  deliver(destination: string, payload: unknown): void {
    for (const [id, subscription] of this.entries) {
      if (subscription.destination === destination) {
        this.deps.writer.message(id, destination, encodeBody(payload));
      }
    }
  }

  async subscribe(frame: StompFrame): Promise<void> {
    const { fail, writer, isClosed } = this.deps;
    const id = frame.headers['id'];
    const destination = frame.headers['destination'];
    const receipt = frame.headers['receipt'];
    if (!id || !destination) {
      fail('SUBSCRIBE needs id and destination', '', receipt);
      return;
    }
    if (this.entries.has(id)) {
      fail('subscription id already in use', id, receipt);
      return;
    }
    if (this.entries.size >= MAX_SUBSCRIPTIONS) {
      fail('too many subscriptions', '', receipt);
      return;
    }
    const route = this.deps.routeOf(destination);
    if (!route || !(await route.allowed())) {
      fail('access denied', `not allowed to subscribe to ${destination}`, receipt);
      return;
    }
    this.entries.set(id, { destination, route, stop: async () => undefined });
    const inPlace = () => !isClosed() && this.entries.has(id);
    const receive = (event: unknown) => {
      if (!inPlace()) return;
      const logged = event as { eventId?: number } & Record<string, unknown>;
      const { eventId, ...payload } = logged;
      if (route.isFor?.(payload) !== false) {
        writer.message(id, destination, bodyOfEvent(logged), eventId);
      }
      if (route.endsAfter?.(payload)) void this.end(id);
    };
    const stopListening = await this.deps.bus.subscribe(route.topic, (event) => {
      if (this.paused) this.paused.push(() => receive(event));
      else receive(event);
    });
    if (!inPlace()) {
      await stopListening();
      return;
    }
    const cleanUp = await route.opened?.((payload) =>
      writer.message(id, destination, encodeBody(payload)),
    );
    const stop = async () => {
      cleanUp?.();
      await stopListening();
    };
    if (!inPlace()) {
      await stop();
      return;
    }
    this.entries.set(id, { destination, route, stop });
    writer.receipt(frame);
  }

  async end(id: string): Promise<void> {
    const subscription = this.entries.get(id);
    this.entries.delete(id);
    await subscription?.stop();
  }

  /** Ends the subscriptions whose destination this user may no longer hear. */
  async recheck(): Promise<void> {
    for (const [id, subscription] of [...this.entries]) {
      if (this.deps.isClosed()) return;
      const route = subscription.route;
      if (route && this.entries.get(id) === subscription && !(await route.allowed())) {
        await this.end(id);
      }
    }
  }

  /**
   * Runs `recheck` (queued behind the frames in progress) with the bus's events held until every
   * re-check running has ended. `recheck` must be started at once: the hold begins before it.
   */
  async holdingEvents(recheck: () => Promise<void>): Promise<void> {
    this.paused ??= [];
    this.rechecking += 1;
    try {
      await recheck();
    } finally {
      this.rechecking -= 1;
      if (this.rechecking === 0) {
        const waiting = this.paused ?? [];
        this.paused = null;
        for (const receive of waiting) receive();
      }
    }
  }

  /** Stops every subscription (the session ended). */
  async stopAll(): Promise<void> {
    for (const { stop } of this.entries.values()) await stop();
    this.entries.clear();
  }
}
