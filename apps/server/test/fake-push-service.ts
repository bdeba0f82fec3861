import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/**
 * A push service on a local port that speaks RFC 8030 as browsers' push services do: it takes a
 * POST per push at a subscription's endpoint with an aes128gcm body (RFC 8188/8291), `TTL`,
 * optional `Urgency` and `Topic`, and `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292), checks
 * the VAPID JWT (ES256 signed with k, `aud` the endpoint's origin, `exp` within 24 h, `sub`
 * mailto:/https:), and answers 201. A push that breaks a rule is refused (400/401/403) and kept
 * as refused, so a test sees it. Each endpoint may be told to answer 404 or 410 (gone).
 */

export type ReceivedPush = {
  /** The endpoint's name (its last path segment). */
  name: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The VAPID key the push was signed with (base64url). */
  vapidKey: string;
  receivedAt: number;
};

/** A browser's side of one subscription: its endpoint and keys (RFC 8291), and how to read a push. */
export type FakeBrowser = {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts a push sent to it (RFC 8291 aes128gcm) and parses its JSON. */
  open: (push: ReceivedPush) => unknown;
};

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const refused: Array<{ name: string; status: number; why: string }> = [];
  const answers = new Map<string, number>();
  let origin = '';

  const refuse = (res: http.ServerResponse, name: string, status: number, why: string) => {
    refused.push({ name, status, why });
    res.writeHead(status, { 'content-type': 'text/plain' }).end(why);
  };

  async function checkVapid(authorization: string | undefined): Promise<string> {
    const match = /^vapid t=(?<token>[^,\s]+),\s*k=(?<key>[A-Za-z0-9_-]+)$/.exec(
      authorization ?? '',
    );
    const { token, key } = match?.groups ?? {};
    if (!token || !key) throw new Error(`not a vapid authorization: ${String(authorization)}`);
    const raw = Buffer.from(key, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
    if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('the JWT is not ES256');
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(token, publicKey, { audience: origin });
    const now = Date.now() / 1000;
    if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + 86_400) {
      throw new Error(`exp out of range: ${payload.exp}`);
    }
    if (typeof payload.sub !== 'string' || !/^(?:mailto:|https:)/.test(payload.sub)) {
      throw new Error(`sub is not mailto:/https: ${payload.sub}`);
    }
    return key;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const name = (req.url ?? '').split('/').pop() ?? '';
        if (req.method !== 'POST' || !req.url?.startsWith('/push/')) {
          return refuse(res, name, 404, 'no such endpoint');
        }
        if (req.headers['content-encoding'] !== 'aes128gcm') {
          return refuse(
            res,
            name,
            400,
            `content-encoding ${String(req.headers['content-encoding'])}`,
          );
        }
        const ttl = req.headers.ttl;
        if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) {
          return refuse(res, name, 400, `TTL ${String(ttl)}`);
        }
        const urgency = req.headers.urgency;
        if (urgency !== undefined && !URGENCIES.has(String(urgency))) {
          return refuse(res, name, 400, `Urgency ${String(urgency)}`);
        }
        const topic = req.headers.topic;
        if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(String(topic))) {
          return refuse(res, name, 400, `Topic ${String(topic)}`);
        }
        let vapidKey: string;
        try {
          vapidKey = await checkVapid(req.headers.authorization);
        } catch (error) {
          return refuse(res, name, 401, (error as Error).message);
        }
        const body = Buffer.concat(chunks);
        // RFC 8030: a push service may refuse bodies over 4096 bytes.
        if (body.length > 4096) return refuse(res, name, 413, `body of ${body.length} bytes`);
        const answer = answers.get(name);
        if (answer !== undefined) {
          res.writeHead(answer).end();
          return;
        }
        received.push({ name, headers: req.headers, body, vapidKey, receivedAt: Date.now() });
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let browsers = 0;
  return {
    origin,
    received,
    refused,
    /** A new browser profile's subscription at this service: real P-256 keys and auth secret. */
    browser(): FakeBrowser {
      browsers += 1;
      const name = `b${browsers}-${randomBytes(6).toString('hex')}`;
      const ecdh: ECDH = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        name,
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        open: (push) =>
          JSON.parse(
            ece
              .decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
              .toString('utf8'),
          ) as unknown,
      };
    },
    /** From now on, pushes to this endpoint get `status` (404 or 410: the subscription is gone). */
    answer(name: string, status: number) {
      answers.set(name, status);
    },
    pushesTo(name: string) {
      return received.filter((push) => push.name === name);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
