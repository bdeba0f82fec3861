/**
 * A push service on a local port for the push fan-out bench: it takes RFC 8030 pushes as
 * apps/server/test/fake-push-service.ts does (POST per push at a subscription's endpoint, an
 * aes128gcm body, TTL, `Authorization: vapid t=…, k=…`) and answers 201, but checks only the
 * headers' form and counts pushes per subscription with their arrival times: verifying 1,000
 * JWTs and decrypting 1,000 bodies would load the two cores the server runs on. Each browser
 * has real P-256 keys, so `open` can decrypt a sample afterwards.
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export type Browser = {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts a push body sent to this browser (RFC 8291) and parses its JSON. */
  open: (body: Buffer) => unknown;
};

export async function startPushEndpoint() {
  /** Arrival times (performance.now()) of each subscription's pushes, by endpoint name. */
  const arrivals = new Map<string, number[]>();
  /** The first body each subscription got (for `open`). */
  const firstBodies = new Map<string, Buffer>();
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name = (req.url ?? '').split('/').pop() ?? '';
      const form =
        req.method === 'POST' &&
        req.url?.startsWith('/push/') &&
        req.headers['content-encoding'] === 'aes128gcm' &&
        /^\d+$/.test(String(req.headers.ttl)) &&
        /^vapid t=[^,\s]+,\s*k=[A-Za-z0-9_-]+$/.test(req.headers.authorization ?? '');
      if (!form) {
        refused.push(`${req.method} ${req.url}`);
        res.writeHead(400).end();
        return;
      }
      const list = arrivals.get(name) ?? [];
      list.push(performance.now());
      arrivals.set(name, list);
      if (!firstBodies.has(name)) firstBodies.set(name, Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let made = 0;
  return {
    origin,
    arrivals,
    firstBodies,
    refused,
    browser(): Browser {
      made += 1;
      const name = `b${made}-${randomBytes(4).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        name,
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        open: (body) =>
          JSON.parse(
            ece
              .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
              .toString('utf8'),
          ) as unknown,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
