import { Redis, type RedisOptions } from 'ioredis';

/** Where a Redis client reports its outages: the app's logger (pino) fits. */
export type RedisLog = {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
};

/**
 * The longest a command may wait for Redis's answer (decision 0031): a Redis that stopped
 * answering without closing the connection (a frozen process, a dropped link) fails the request
 * with 503 instead of holding it. Redis answers in well under a millisecond when it answers.
 */
const COMMAND_TIMEOUT_MS = 3000;

/**
 * A Redis client that reports an outage once and its end once. ioredis emits `error` on every
 * failed reconnect (several a second), and without a listener prints "Unhandled error event" for
 * each: a Redis restart flooded the log. Commands still fail as before while it is down.
 */
export function openRedis(
  url: string,
  role: string,
  log: RedisLog | undefined,
  options: RedisOptions,
) {
  const client = new Redis(url, { commandTimeout: COMMAND_TIMEOUT_MS, ...options });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log?.warn({ redis: role, err: error }, `Redis (${role}) is unreachable; reconnecting`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info({ redis: role }, `Redis (${role}) is reachable again`);
  });
  return client;
}
