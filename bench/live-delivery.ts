/**
 * The live-delivery figures of the ratios bench (bench/ratios.bench.ts): SSE readers and senders
 * in the bench process, the same code for the product and the minimal broadcaster, each event's
 * latency from just before its send to its arrival at every reader, and whether each arrived once.
 */
import { newTextMessageEventTemplate } from '../apps/server/src/modules/chat/chat.presenter';
import type { ServerProcess } from '../apps/server/test/server-process';
import {
  median,
  newChatMessageId,
  openEventStream,
  percentile,
  post,
  seededUserName,
  sleep,
  subscribe,
  type Seeded,
  type Subscriber,
} from './support';

/** Something that takes messages and streams them to subscribers: the product or the baseline. */
export type SseTarget = {
  subscribe(index: number, onEvent: (id: number) => void): Promise<Subscriber>;
  /** Sends message `m`; answers the id its event will carry. */
  send(m: number): Promise<number>;
};

export type SseResult = {
  sent: number;
  failed: number;
  achieved: number;
  expected: number;
  duplicates: number;
  missing: number;
  p50: number;
  p99: number;
  /** Each round's p99, when there were several. */
  p99Rounds?: number[];
};

/** Per subscriber, how often each id arrived, and when it first did. */
function arrivalLog(subscribers: number) {
  const counts = Array.from({ length: subscribers }, () => new Map<number, number>());
  const firstAt = Array.from({ length: subscribers }, () => new Map<number, number>());
  let total = 0;
  return {
    record(index: number, id: number) {
      const at = performance.now();
      total += 1;
      const count = counts[index] as Map<number, number>;
      count.set(id, (count.get(id) ?? 0) + 1);
      const first = firstAt[index] as Map<number, number>;
      if (!first.has(id)) first.set(id, at);
    },
    get total() {
      return total;
    },
    /** Delivered-once check and latencies against the send times of the ids that were sent. */
    summary(sentAt: Map<number, number>) {
      let duplicates = 0;
      let missing = 0;
      const latencies: number[] = [];
      for (let i = 0; i < subscribers; i += 1) {
        for (const [id, t0] of sentAt) {
          const count = (counts[i] as Map<number, number>).get(id) ?? 0;
          if (count === 0) missing += 1;
          if (count > 1) duplicates += count - 1;
          const at = (firstAt[i] as Map<number, number>).get(id);
          if (at !== undefined) latencies.push(at - t0);
        }
      }
      return {
        duplicates,
        missing,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
      };
    },
  };
}

async function connectAll(
  target: SseTarget,
  subscribers: number,
  log: (i: number, id: number) => void,
) {
  const subs: Subscriber[] = [];
  for (let i = 0; i < subscribers; i += 1) {
    subs.push(await target.subscribe(i, (id) => log(i, id)));
  }
  await sleep(500);
  return subs;
}

async function waitFor(done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await sleep(5);
}

/**
 * `rate` messages a second for `seconds` into a room of `members` live subscribers (open loop on
 * schedule, at most 64 sends in flight, as bench/chat.bench.ts). Latency: from just before a send
 * to the event read by a subscriber. `achieved`: messages over the time until the last one was
 * sent (a target that keeps up is sent on schedule: `rate`).
 */
export async function sustained(
  target: SseTarget,
  members: number,
  rate: number,
  seconds: number,
  /** Called as the first message is sent (the subscribers are connected by then). */
  onSending: () => void = () => {},
  /**
   * Started just before the first message is sent; what it answers is called once every event
   * has been delivered. A window that leaves out connecting the subscribers and closing them.
   */
  measure?: () => Promise<() => Promise<void>>,
) {
  const log = arrivalLog(members);
  const subs = await connectAll(target, members, (i, id) => log.record(i, id));
  const sentAt = new Map<number, number>();
  const total = rate * seconds;
  const measured = await measure?.();
  onSending();
  const started = performance.now();
  let lastIssued = started;
  const inFlight = new Set<Promise<void>>();
  let failed = 0;
  for (let m = 0; m < total; m += 1) {
    const due = started + (m * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= 64) await Promise.race(inFlight);
    const t0 = performance.now();
    lastIssued = t0;
    const send: Promise<void> = target
      .send(m)
      .then((id) => {
        sentAt.set(id, t0);
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inFlight.delete(send));
    inFlight.add(send);
  }
  await Promise.all(inFlight);
  const achieved = total / ((lastIssued - started + 1000 / rate) / 1000);
  const expected = (total - failed) * members;
  await waitFor(() => log.total >= expected, 15_000);
  await measured?.();
  await sleep(200); // anything arriving twice would arrive now
  for (const sub of subs) sub.close();
  return {
    sent: total,
    failed,
    achieved,
    expected,
    ...log.summary(sentAt),
  } satisfies SseResult;
}

/** One message at a time to `subscribers` subscribers, each waited for before the next. */
export async function fanOut(target: SseTarget, subscribers: number, messages: number) {
  const log = arrivalLog(subscribers);
  const subs = await connectAll(target, subscribers, (i, id) => log.record(i, id));
  const sentAt = new Map<number, number>();
  let failed = 0;
  for (let m = 0; m < messages; m += 1) {
    const expected = log.total + subscribers;
    const t0 = performance.now();
    try {
      sentAt.set(await target.send(m), t0);
    } catch {
      failed += 1;
      continue;
    }
    await waitFor(() => log.total >= expected, 10_000);
  }
  await sleep(200);
  for (const sub of subs) sub.close();
  return {
    sent: messages,
    failed,
    achieved: 0,
    expected: (messages - failed) * subscribers,
    ...log.summary(sentAt),
  } satisfies SseResult;
}

/**
 * The product: subscribers are users 0… of the room, all members (seed); `senders` of them send
 * in turn (the fan-out: the owner alone, as bench/chat.bench.ts).
 */
export function productTarget(
  server: ServerProcess,
  seeded: Seeded,
  room: string,
  senders: number,
): SseTarget {
  const roomId = seeded.rooms[room] ?? 0;
  const url = `/api/workspaces/${seeded.workspaceId}/chat-rooms/${roomId}/messages`;
  return {
    subscribe: (index, onEvent) => subscribe(server.url, seeded.tokens[index] as string, onEvent),
    send: async (m) => {
      const token = seeded.tokens[m % senders] as string;
      const sent = await post(server.url, token, url, { content: `r${m}` });
      return sent['id'] as number;
    },
  };
}

/**
 * The minimal broadcaster, carrying what the product carries: each message is the product's own
 * NEW_CHAT_MESSAGE event (its presenter's, for a message of `r{m}` from the sender the product's
 * run uses), which the broadcaster numbers and writes to every stream as it is. Its readers are
 * the product's: the same bytes a message, parsed by the same code. Until session 19 it relayed
 * `{"content":"r{m}"}` (about 40 bytes a frame against the product's 450), so the readers, on
 * the same two cores, did an eleventh of the work for the baseline.
 */
export function broadcasterTarget(bare: { url: string }): SseTarget {
  return {
    subscribe: (_index, onEvent) =>
      openEventStream(`${bare.url}/events`, newChatMessageId, onEvent),
    send: async (m) => {
      const { messageId: _numberedByTheBroadcaster, ...event } = newTextMessageEventTemplate({
        roomId: 1,
        senderId: 1,
        content: `r${m}`,
        createdAt: new Date(),
      });
      event.senderName = event.message.senderName = seededUserName(0);
      const sent = await post(bare.url, 'none', '/send', event);
      return sent['id'] as number;
    },
  };
}

/**
 * The rounds of one live figure together: latencies are the rounds' medians, deliveries and
 * failures are summed, and the rate is the slowest round's (every round must keep up).
 */
export function medianSse(rounds: SseResult[]): SseResult {
  const sum = (key: 'sent' | 'failed' | 'expected' | 'duplicates' | 'missing') =>
    rounds.reduce((total, round) => total + round[key], 0);
  return {
    sent: sum('sent'),
    failed: sum('failed'),
    achieved: Math.min(...rounds.map((round) => round.achieved)),
    expected: sum('expected'),
    duplicates: sum('duplicates'),
    missing: sum('missing'),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    ...(rounds.length > 1 ? { p99Rounds: rounds.map((round) => round.p99) } : {}),
  };
}
