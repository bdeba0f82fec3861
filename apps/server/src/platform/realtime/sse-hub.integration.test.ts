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

describe('SSE hub frames', () => {
  it('a burst of Korean messages (one write a stream) arrives whole, in order, each once', async () => {
    const { alice, bob, room, send, sse } = world;
    const stream = await sse(bob);
    // Sent at once: one batch, whose events are flushed together as one write to the stream.
    const burst = [
      '첫째 메시지 🙂',
      '둘째: 한글과 emoji 🎉',
      '셋째 — “따옴표”',
      '넷째 줄\n바꿈',
      '다섯째',
    ];
    await Promise.all(burst.map((content) => send(alice, room.id, { content })));
    await stream.waitFor((events) => contentsIn(events).includes('다섯째'));
    const received = contentsIn(stream.events).filter((content) =>
      burst.includes(content as string),
    );
    // Sends racing each other may be stored in any order; each arrives once, byte for byte.
    expect([...received].sort()).toEqual([...burst].sort());
    const ids = stream.events
      .filter((event) => burst.includes(event.data['content'] as string))
      .map((event) => Number(event.data['messageId']));
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    stream.close();
  });
});
