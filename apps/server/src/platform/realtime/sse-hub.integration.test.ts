import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@teamup/contracts/events';
import { chatWorld, type ChatWorld } from '../../../test/chat-fixture';
import type { SseEvent, SseStream } from '../../../test/sse-client';

/**
 * The SSE hub shares one bus subscription per topic among the streams of this instance that hear
 * it (a message to a room of 1,000 streams is one call from the bus, not 1,000), and lets it go
 * with the last of them.
 */
let world: ChatWorld;
/** Bus subscriptions made and stopped, by topic, since the spy was put in place. */
const subscribed = new Map<string, number>();
const stopped = new Map<string, number>();
const bump = (counts: Map<string, number>, topic: string) =>
  counts.set(topic, (counts.get(topic) ?? 0) + 1);

beforeAll(async () => {
  world = await chatWorld();
  const bus = world.app.context.bus;
  const subscribe = bus.subscribe.bind(bus);
  bus.subscribe = async (topic, handler) => {
    bump(subscribed, topic);
    const stop = await subscribe(topic, handler);
    return async () => {
      bump(stopped, topic);
      await stop();
    };
  };
});
afterAll(async () => {
  await world.close();
});

const contentsIn = (events: SseEvent[]) =>
  events.filter((event) => event.data['type'] === 'NEW_CHAT_MESSAGE').map((e) => e.data['content']);

async function until(check: () => boolean, what: string) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SSE hub bus subscriptions', () => {
  it('one subscription per topic for all its streams, gone with the last stream, made anew after', async () => {
    const { alice, bob, room, send, sse } = world;
    const roomTopic = Topics.chatRoom(room.id);
    const streams: SseStream[] = [await sse(alice), await sse(alice), await sse(bob)];
    expect(subscribed.get(roomTopic)).toBe(1);
    // Each user's own topic: once per user, though alice has two streams.
    expect(subscribed.get(Topics.user(alice.userId))).toBe(1);
    expect(subscribed.get(Topics.user(bob.userId))).toBe(1);

    await send(alice, room.id, { content: '셋 모두에게' });
    for (const stream of streams) {
      await stream.waitFor((events) => contentsIn(events).includes('셋 모두에게'));
    }

    // Two of three go: the third still hears the room through the same subscription.
    streams[0]?.close();
    streams[2]?.close();
    await until(() => stopped.get(Topics.user(bob.userId)) === 1, "bob's topic let go");
    expect(stopped.get(roomTopic) ?? 0).toBe(0);
    await send(bob, room.id, { content: '남은 한 명에게' });
    await streams[1]?.waitFor((events) => contentsIn(events).includes('남은 한 명에게'));

    streams[1]?.close();
    await until(() => stopped.get(roomTopic) === 1, "the room's subscription let go");
    expect(stopped.get(Topics.user(alice.userId))).toBe(1);

    const again = await sse(bob);
    expect(subscribed.get(roomTopic)).toBe(2);
    await send(alice, room.id, { content: '다시 연결한 뒤' });
    await again.waitFor((events) => contentsIn(events).includes('다시 연결한 뒤'));
    // Each stream got each message once.
    for (const stream of [...streams, again]) {
      const contents = contentsIn(stream.events);
      expect(contents.length).toBe(new Set(contents).size);
    }
  });
});
