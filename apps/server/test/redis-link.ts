import net from 'node:net';
import { Redis } from 'ioredis';

/*
 * How a test takes one instance's Redis subscriber away without touching the shared Redis
 * server: the instance reaches Redis through a TCP relay of the test's own, the subscriber's
 * connection is killed on the server by its name (CLIENT KILL ID), and while the relay holds,
 * reconnections are refused, so the subscriber stays away as long as the test needs.
 */

/** A TCP relay to `redisUrl`; while held, new connections are closed at once (open ones go on). */
export async function startRedisRelay(redisUrl: string) {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  let holding = false;
  const server = net.createServer((client) => {
    if (holding) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.pipe(upstream).pipe(client);
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay has no port');
  return {
    url: `redis://127.0.0.1:${address.port}`,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The ids of the connections the Redis server knows by `name` (CLIENT SETNAME). */
export async function clientIdsNamed(redisUrl: string, name: string): Promise<string[]> {
  const admin = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await admin.connect();
    const list = String(await admin.call('CLIENT', 'LIST'));
    return list
      .split('\n')
      .filter((line) => line.split(' ').includes(`name=${name}`))
      .map((line) => /(?:^| )id=(\d+)/.exec(line)?.[1] ?? '')
      .filter(Boolean);
  } finally {
    admin.disconnect();
  }
}

/** Kills the connections named `name` on the server; answers how many there were. */
export async function killClientsNamed(redisUrl: string, name: string): Promise<number> {
  const ids = await clientIdsNamed(redisUrl, name);
  const admin = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await admin.connect();
    for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
  } finally {
    admin.disconnect();
  }
  return ids.length;
}
