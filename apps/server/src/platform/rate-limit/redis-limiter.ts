import type { Redis } from 'ioredis';
import { openRedis, type RedisLog } from '../redis-client';
import type { LimitResult, Limiter } from './limiter';

const PREFIX = 'teamup:limit:';

/** Fixed windows in Redis, so every instance shares one count per key. */
export class RedisLimiter implements Limiter {
  private constructor(private readonly redis: Redis) {}

  static async connect(url: string, log?: RedisLog): Promise<RedisLimiter> {
    const redis = openRedis(url, 'limiter', log, { lazyConnect: true, maxRetriesPerRequest: 3 });
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect(); // otherwise it keeps reconnecting in the background forever
      throw error;
    }
    return new RedisLimiter(redis);
  }

  /** Over a client the caller opened and closes (the request budget's, with its own timeouts). */
  static over(redis: Redis): RedisLimiter {
    return new RedisLimiter(redis);
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
    const redisKey = PREFIX + key;
    // One transaction: the window's expiry is set with its first hit, so a key can never be
    // left without a TTL (limited forever) by a crash between two commands.
    const replies = await this.redis
      .multi()
      .set(redisKey, 0, 'PX', windowSeconds * 1000, 'NX')
      .incr(redisKey)
      .pttl(redisKey)
      .exec();
    if (!replies) throw new Error('rate-limit transaction aborted');
    for (const [error] of replies) if (error) throw error;
    const count = Number(replies[1]?.[1]);
    const ttlMs = Number(replies[2]?.[1]);
    return {
      allowed: count <= limit,
      remaining: Math.max(0, limit - count),
      retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
    };
  }

  async peek(key: string, limit: number): Promise<LimitResult> {
    const redisKey = PREFIX + key;
    const [count, ttl] = await Promise.all([this.redis.get(redisKey), this.redis.pttl(redisKey)]);
    const used = Number(count ?? 0);
    return {
      allowed: used < limit,
      remaining: Math.max(0, limit - used),
      retryAfterSeconds: Math.max(1, Math.ceil(Math.max(ttl, 0) / 1000)),
    };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(PREFIX + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
