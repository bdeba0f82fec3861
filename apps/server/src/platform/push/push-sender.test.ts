import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { PushSender, type PushTarget } from './push-sender';

/* The sender's own promises: bounded at once, each within its time limit, outcomes by status. */

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A push service that answers each path's status, or holds `/hold/…` requests unanswered. */
async function service() {
  const starts: number[] = [];
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    starts.push(Date.now());
    authorizations.push(req.headers.authorization ?? '');
    req.resume();
    req.on('end', () => {
      const status = Number(/\/(\d{3})\//.exec(req.url ?? '')?.[1] ?? 0);
      // Held: the sender's time limit ends it.
      if (status !== 0) res.writeHead(status).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, starts, authorizations };
}

function target(endpoint: string): PushTarget {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const sender = (limits: { concurrency: number; timeoutMs: number }) =>
  new PushSender(
    webpush.generateVAPIDKeys(),
    'mailto:ops@example.com',
    pino({ level: 'silent' }),
    limits,
  );

describe('PushSender', () => {
  it('tells delivered (2xx), gone (404, 410) and failed (5xx, 429) apart', async () => {
    const { origin } = await service();
    const push = sender({ concurrency: 4, timeoutMs: 2_000 });
    const outcomes = await Promise.all(
      [201, 202, 404, 410, 500, 429].map((status) =>
        push.send(target(`${origin}/${status}/x`), '{}', { ttlSeconds: 60 }),
      ),
    );
    expect(outcomes).toEqual(['delivered', 'delivered', 'gone', 'gone', 'failed', 'failed']);
  });

  it('holds at most `concurrency` pushes open at once, and gives up on each at its time limit', async () => {
    const { origin, starts } = await service();
    const push = sender({ concurrency: 2, timeoutMs: 300 });
    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        push.send(target(`${origin}/hold/${index}`), '{}', { ttlSeconds: 60 }),
      ),
    );
    const took = Date.now() - started;
    expect(outcomes).toEqual(Array(6).fill('failed'));
    // Two at a time: a third starts only once the first of the two before it has timed out
    // (its limit runs from when the push thread posts it, a little before the service sees it
    // arrive: the margin is that delay on a loaded machine; without the bound the gaps are ~0).
    expect(starts).toHaveLength(6);
    for (let index = 2; index < starts.length; index += 1) {
      expect((starts[index] ?? 0) - (starts[index - 2] ?? 0)).toBeGreaterThanOrEqual(150);
    }
    // Three rounds of two, each ended by the 300 ms limit.
    expect(took).toBeGreaterThanOrEqual(850);
    expect(took).toBeLessThan(5_000);
    await push.settled();
  });

  it('signs one VAPID token per push service and uses it for hours, not one per push', async () => {
    const first = await service();
    const second = await service();
    const push = sender({ concurrency: 4, timeoutMs: 2_000 });
    for (const { origin } of [first, second, first, second, first]) {
      expect(await push.send(target(`${origin}/201/x`), '{}', { ttlSeconds: 60 })).toBe(
        'delivered',
      );
    }
    expect(new Set(first.authorizations).size).toBe(1);
    expect(new Set(second.authorizations).size).toBe(1);
    const claims = (authorization: string) => {
      const token = /^vapid t=([^,]+), k=/.exec(authorization)?.[1] ?? '';
      return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        aud: string;
        exp: number;
      };
    };
    const [one, other] = [
      claims(first.authorizations[0] ?? ''),
      claims(second.authorizations[0] ?? ''),
    ];
    // Each token names its own push service, and stays within the 24 hours RFC 8292 allows.
    expect(one.aud).toBe(first.origin);
    expect(other.aud).toBe(second.origin);
    const hoursLeft = (one.exp * 1000 - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(12);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });

  it('counts a subscription whose key is not a P-256 point as gone', async () => {
    const { origin } = await service();
    const push = sender({ concurrency: 1, timeoutMs: 1_000 });
    const bad = { ...target(`${origin}/201/x`), p256dh: Buffer.alloc(10).toString('base64url') };
    expect(await push.send(bad, '{}', { ttlSeconds: 60 })).toBe('gone');
  });

  it('encrypts and posts in a thread of its own, at a lower CPU priority, stopped by close', async (context) => {
    if (!fs.existsSync('/proc/self/task')) {
      console.log('skipped: no /proc/self/task here (not Linux) to find the push thread in');
      context.skip();
    }
    const pushThreads = () =>
      fs.readdirSync('/proc/self/task').flatMap((tid) => {
        try {
          const comm = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
          if (comm !== 'web-push') return [];
          // The nice value is the stat line's 19th field (after the parenthesised name).
          const fields = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1];
          return [{ tid, nice: Number(fields?.split(' ')[16]) }];
        } catch {
          return []; // a thread that ended while being read
        }
      });
    const before = pushThreads().length;
    const { origin } = await service();
    const push = sender({ concurrency: 2, timeoutMs: 2_000 });
    expect(await push.send(target(`${origin}/201/x`), '{}', { ttlSeconds: 60 })).toBe('delivered');
    const started = pushThreads();
    expect(started).toHaveLength(before + 1);
    expect(started.every(({ nice }) => nice === 10)).toBe(true);
    await push.close();
    expect(pushThreads()).toHaveLength(before);
  });
});
