import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryLimiter, type Limiter } from './limiter';
import { RedisLimiter } from './redis-limiter';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('TEST_REDIS_URL not set: Redis limiter tests skipped');

const key = (name: string) => `test:${name}:${randomBytes(4).toString('hex')}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What every limiter must do. `advance(ms)` moves time forward: a fake clock for the in-memory
 * limiter, real waiting for Redis (so those windows are one second long).
 */
function limiterBehaviours(make: () => Promise<Limiter>, advance: (ms: number) => Promise<void>) {
  const opened: Limiter[] = [];
  const open = async () => {
    const limiter = await make();
    opened.push(limiter);
    return limiter;
  };
  afterAll(async () => {
    for (const limiter of opened) await limiter.close?.();
  });

  it('counts hits in a window and refuses the one over the limit', async () => {
    const limiter = await open();
    const k = key('count');
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit(k, 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
  });

  it('answers retryAfter as the seconds left in the window', async () => {
    const limiter = await open();
    const k = key('retry');
    const first = await limiter.hit(k, 1, 60);
    expect(first.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(first.retryAfterSeconds).toBeLessThanOrEqual(60);
    const refused = await limiter.hit(k, 1, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('starts a fresh window once the old one is over', async () => {
    const limiter = await open();
    const k = key('window');
    await limiter.hit(k, 1, 1);
    expect((await limiter.hit(k, 1, 1)).allowed).toBe(false);
    await advance(1100);
    const fresh = await limiter.hit(k, 1, 1);
    expect(fresh.allowed).toBe(true);
    expect(fresh.remaining).toBe(0);
  });

  it('peek reads without counting and says whether one more hit would pass', async () => {
    const limiter = await open();
    const k = key('peek');
    expect((await limiter.peek(k, 2, 60)).allowed).toBe(true);
    expect((await limiter.peek(k, 2, 60)).remaining).toBe(2);
    await limiter.hit(k, 2, 60);
    expect(await limiter.peek(k, 2, 60)).toMatchObject({ allowed: true, remaining: 1 });
    await limiter.hit(k, 2, 60);
    expect(await limiter.peek(k, 2, 60)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('reset forgets the count of one key only', async () => {
    const limiter = await open();
    const [a, b] = [key('reset-a'), key('reset-b')];
    await limiter.hit(a, 1, 60);
    await limiter.hit(b, 1, 60);
    await limiter.reset(a);
    expect((await limiter.hit(a, 1, 60)).allowed).toBe(true);
    expect((await limiter.hit(b, 1, 60)).allowed).toBe(false);
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = await open();
    const k = key('concurrent');
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(k, 10, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
}

describe('MemoryLimiter', () => {
  let now = 1_700_000_000_000;
  limiterBehaviours(
    async () => new MemoryLimiter(() => now),
    async (ms) => {
      now += ms;
    },
  );
});

describe.skipIf(!redisUrl)('RedisLimiter', () => {
  const url = redisUrl ?? '';
  limiterBehaviours(() => RedisLimiter.connect(url), sleep);

  it('shares one count between two instances (two app processes)', async () => {
    const first: Limiter = await RedisLimiter.connect(url);
    const second: Limiter = await RedisLimiter.connect(url);
    try {
      const k = key('shared');
      expect((await first.hit(k, 3, 60)).remaining).toBe(2);
      expect((await second.hit(k, 3, 60)).remaining).toBe(1);
      expect((await first.hit(k, 3, 60)).allowed).toBe(true);
      expect((await second.hit(k, 3, 60)).allowed).toBe(false);
      expect((await first.peek(k, 3, 60)).allowed).toBe(false);
      await second.reset(k);
      expect((await first.hit(k, 3, 60)).allowed).toBe(true);
    } finally {
      await first.close?.();
      await second.close?.();
    }
  });

  it('every counted key expires: nothing is limited forever', async () => {
    const limiter = await RedisLimiter.connect(url);
    const { Redis } = await import('ioredis');
    const redis = new Redis(url);
    try {
      const k = key('ttl');
      await Promise.all(Array.from({ length: 10 }, () => limiter.hit(k, 100, 60)));
      const ttl = await redis.pttl(`teamup:limit:${k}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await limiter.close();
      await redis.quit();
    }
  });
});
