import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { BusHandler } from '../bus/event-bus';
import type { SubscribeRoute } from './stomp-destinations';
import type { StompFrame } from './stomp-frames';
import { StompSubscriptions } from './stomp-subscriptions';
import { StompWriter } from './stomp-writer';

/** A session's subscriptions over a bus and a socket held in memory. */
function setUp(route: SubscribeRoute) {
  const handlers = new Map<string, BusHandler>();
  const sent: string[] = [];
  const failures: string[] = [];
  const socket = { OPEN: 1, readyState: 1, send: (data: string) => sent.push(data) };
  const subscriptions = new StompSubscriptions({
    bus: {
      subscribe: async (topic, handler) => {
        handlers.set(topic, handler);
        return async () => {
          handlers.delete(topic);
        };
      },
    },
    // Only readyState and send are used by the outbox until it closes.
    writer: new StompWriter(socket as unknown as WebSocket),
    routeOf: (destination) => (destination === '/topic/room' ? route : undefined),
    isClosed: () => false,
    fail: (message) => failures.push(message),
  });
  const publish = (event: Record<string, unknown>) => handlers.get(route.topic)?.(event);
  /** The commands written so far, once the outbox has flushed. */
  const written = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const frames = sent
      .join('')
      .split('\0')
      .filter((frame) => frame !== '');
    return frames.map((frame) => frame.slice(0, frame.indexOf('\n')));
  };
  return { subscriptions, handlers, publish, written, failures };
}

const subscribe = (id: string): StompFrame => ({
  command: 'SUBSCRIBE',
  headers: { id, destination: '/topic/room', receipt: `r-${id}` },
  body: '',
});

describe('STOMP subscriptions', () => {
  it('opens a subscription on its topic and writes its events', async () => {
    const { subscriptions, publish, written } = setUp({
      topic: 'room:1',
      allowed: async () => true,
    });
    await subscriptions.subscribe(subscribe('s1'));
    expect(subscriptions.hears('room:1')).toBe(true);
    publish({ type: 'HELLO' });
    expect(await written()).toEqual(['RECEIPT', 'MESSAGE']);
  });

  it('holds events during a re-check and drops those of a subscription it ended', async () => {
    let allowed = true;
    const { subscriptions, handlers, publish, written } = setUp({
      topic: 'room:1',
      allowed: async () => allowed,
    });
    await subscriptions.subscribe(subscribe('s1'));
    allowed = false;
    await subscriptions.holdingEvents(async () => {
      publish({ type: 'AFTER_REMOVAL' });
      await subscriptions.recheck();
    });
    expect(await written()).toEqual(['RECEIPT']);
    expect(subscriptions.hears('room:1')).toBe(false);
    expect(handlers.size).toBe(0);
  });

  it('lets held events out once the re-check keeps the subscription', async () => {
    const { subscriptions, publish, written } = setUp({
      topic: 'room:1',
      allowed: async () => true,
    });
    await subscriptions.subscribe(subscribe('s1'));
    let heldDuring: string[] = [];
    await subscriptions.holdingEvents(async () => {
      publish({ type: 'DURING' });
      heldDuring = await written();
      await subscriptions.recheck();
    });
    expect(heldDuring).toEqual(['RECEIPT']);
    expect(await written()).toEqual(['RECEIPT', 'MESSAGE']);
  });

  it('refuses a destination not allowed, and an id already in use', async () => {
    let allowed = true;
    const { subscriptions, failures } = setUp({ topic: 'room:1', allowed: async () => allowed });
    await subscriptions.subscribe(subscribe('s1'));
    await subscriptions.subscribe(subscribe('s1'));
    allowed = false;
    await subscriptions.subscribe(subscribe('s2'));
    expect(failures).toEqual(['subscription id already in use', 'access denied']);
  });
});
