import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisBus } from './bus/redis-bus';
import type { RedisLog } from './redis-client';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('TEST_REDIS_URL not set: the Redis outage test is skipped');

/** A TCP relay to the real Redis that can be cut off and brought back, as a Redis restart would. */
async function relayTo(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) return client.destroy();
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      accepting = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      accepting = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!redisUrl)('a Redis outage', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    vi.restoreAllMocks();
  });

  it('is reported once per client and its end once, without "Unhandled error event" lines', async () => {
    const relay = await relayTo(redisUrl ?? '');
    cleanups.push(relay.close);
    const lines: Array<{ level: string; message: string }> = [];
    const log: RedisLog = {
      warn: (_fields, message) => lines.push({ level: 'warn', message }),
      info: (_fields, message) => lines.push({ level: 'info', message }),
    };
    const printed = vi.spyOn(console, 'error');
    const bus = await RedisBus.connect(relay.url, log);
    cleanups.push(() => bus.close());

    relay.cut();
    // ioredis retries several times a second: wait for a good number of failed reconnects.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // One line per client, however many reconnects failed.
    expect(
      lines
        .filter((line) => line.level === 'warn')
        .map((line) => line.message)
        .sort(),
    ).toEqual([
      'Redis (bus publisher) is unreachable; reconnecting',
      'Redis (bus subscriber) is unreachable; reconnecting',
    ]);
    expect(printed.mock.calls.flat().join(' ')).not.toContain('Unhandled error event');

    relay.restore();
    await vi.waitFor(() => expect(lines.filter((line) => line.level === 'info')).toHaveLength(2), {
      timeout: 10_000,
      interval: 100,
    });
  });
});
