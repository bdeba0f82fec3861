import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  isAllowedAddress,
  OutboundFailed,
  OutboundRefused,
  parseNetworks,
  parseOutboundUrl,
  postOutbound,
  type OutboundPolicy,
} from './outbound';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A real server on 127.0.0.1 that records every request and answers as `reply` says. */
async function withServer<T>(
  reply: (request: http.IncomingMessage, response: http.ServerResponse) => void,
  use: (server: { port: number; seen: Seen[] }) => Promise<T>,
): Promise<T> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      reply(request, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    return await use({ port: (server.address() as AddressInfo).port, seen });
  } finally {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  }
}

const answerOk = (_request: http.IncomingMessage, response: http.ServerResponse) => {
  response.writeHead(201, { 'content-type': 'text/plain' }).end('got it');
};

const policy = (over: Partial<OutboundPolicy> = {}): OutboundPolicy => ({
  allowedNetworks: [],
  timeoutMs: 5_000,
  maxResponseBytes: 64 * 1024,
  ...over,
});
const loopbackAllowed = policy({ allowedNetworks: ['127.0.0.0/8', '::1/128'] });

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('postOutbound', () => {
  it('POSTs to a local server when 127.0.0.0/8 is allowed, with our headers and the body', async () => {
    await withServer(answerOk, async ({ port, seen }) => {
      const answer = await postOutbound(
        `http://127.0.0.1:${port}/hooks/in?x=1`,
        '{"event":"task.created"}',
        { 'X-TeamUp-Signature': 'sha256=abc' },
        loopbackAllowed,
      );
      expect(answer.status).toBe(201);
      expect(answer.body).toBe('got it');
      expect(answer.durationMs).toBeGreaterThanOrEqual(0);
      expect(seen).toHaveLength(1);
      const [request] = seen;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe('/hooks/in?x=1');
      expect(request?.body).toBe('{"event":"task.created"}');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['user-agent']).toBe('TeamUp-Webhook/1.0');
      expect(request?.headers['content-length']).toBe('24');
      expect(request?.headers['x-teamup-signature']).toBe('sha256=abc');
    });
  });

  it('keeps a content-type the caller gives', async () => {
    await withServer(answerOk, async ({ port, seen }) => {
      await postOutbound(
        `http://127.0.0.1:${port}/`,
        'a=1',
        { 'Content-Type': 'application/x-www-form-urlencoded' },
        loopbackAllowed,
      );
      expect(seen[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    });
  });

  it('refuses loopback, private, metadata and unspecified targets without the allowance', async () => {
    await withServer(answerOk, async ({ port, seen }) => {
      const targets = [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`, // real DNS: 127.0.0.1 and/or ::1
        `http://[::1]:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        `http://[::ffff:7f00:1]:${port}/`,
        `http://0x7f.1:${port}/`, // the URL parser makes this 127.0.0.1
        'http://10.0.0.5/',
        'http://169.254.169.254/latest/meta-data',
        'http://0.0.0.0/',
      ];
      for (const target of targets) {
        const error = await rejectionOf(postOutbound(target, '{}', {}, policy()));
        expect(error, target).toBeInstanceOf(OutboundRefused);
        expect((error as OutboundRefused).reason, target).toBe('ADDRESS');
      }
      expect(seen).toHaveLength(0);
    });
  });

  it('refuses a name when any one of its addresses is private, and names it', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const error = await rejectionOf(
      postOutbound('https://hooks.example.com/', '{}', {}, policy({ lookup })),
    );
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as OutboundRefused).reason).toBe('ADDRESS');
    expect((error as OutboundRefused).message).toContain('10.0.0.7');
  });

  it('refuses with DNS when the name resolves to nothing or fails', async () => {
    for (const lookup of [async () => [], () => Promise.reject(new Error('ENOTFOUND nowhere'))]) {
      const error = await rejectionOf(
        postOutbound('http://nowhere.example/', '{}', {}, policy({ lookup })),
      );
      expect(error).toBeInstanceOf(OutboundRefused);
      expect((error as OutboundRefused).reason).toBe('DNS');
    }
  });

  it('connects to the address it checked, whatever DNS answers later (rebinding)', async () => {
    await withServer(answerOk, async ({ port, seen }) => {
      let calls = 0;
      const lookup = async () => {
        calls += 1;
        return [{ address: calls === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }];
      };
      const answer = await postOutbound(
        `http://rebind.example:${port}/`,
        '{}',
        {},
        policy({ allowedNetworks: ['127.0.0.0/8'], lookup }),
      );
      expect(answer.status).toBe(201);
      expect(calls).toBe(1);
      expect(seen).toHaveLength(1);
      // The request still names the host: virtual hosting and TLS work off the name.
      expect(seen[0]?.headers.host).toBe(`rebind.example:${port}`);
    });
  });

  it('returns a 302 as it is and never follows it', async () => {
    await withServer(answerOk, async (other) => {
      const redirect = (_request: http.IncomingMessage, response: http.ServerResponse) => {
        response.writeHead(302, { location: `http://127.0.0.1:${other.port}/` }).end();
      };
      await withServer(redirect, async ({ port, seen }) => {
        const answer = await postOutbound(`http://127.0.0.1:${port}/`, '{}', {}, loopbackAllowed);
        expect(answer.status).toBe(302);
        expect(seen).toHaveLength(1);
        expect(other.seen).toHaveLength(0);
      });
    });
  });

  it('gives up with TIMEOUT on a server that never answers', async () => {
    await withServer(
      () => {}, // reads the request, never answers
      async ({ port, seen }) => {
        const started = performance.now();
        const error = await rejectionOf(
          postOutbound(
            `http://127.0.0.1:${port}/`,
            '{}',
            {},
            { ...loopbackAllowed, timeoutMs: 300 },
          ),
        );
        const took = performance.now() - started;
        expect(error).toBeInstanceOf(OutboundFailed);
        expect((error as OutboundFailed).reason).toBe('TIMEOUT');
        expect(took).toBeGreaterThanOrEqual(250);
        expect(took).toBeLessThan(2_000);
        expect(seen).toHaveLength(1);
      },
    );
  });

  it('fails with NETWORK when nothing listens', async () => {
    // A port just freed: connecting is refused at once.
    const port = await withServer(answerOk, async (server) => server.port);
    const error = await rejectionOf(
      postOutbound(`http://127.0.0.1:${port}/`, '{}', {}, loopbackAllowed),
    );
    expect(error).toBeInstanceOf(OutboundFailed);
    expect((error as OutboundFailed).reason).toBe('NETWORK');
  });

  it('keeps only maxResponseBytes of a big answer', async () => {
    const big = (_request: http.IncomingMessage, response: http.ServerResponse) => {
      response.writeHead(200).end('x'.repeat(1024 * 1024));
    };
    await withServer(big, async ({ port }) => {
      const answer = await postOutbound(
        `http://127.0.0.1:${port}/`,
        '{}',
        {},
        {
          ...loopbackAllowed,
          maxResponseBytes: 1_000,
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('x'.repeat(1_000));
    });
  });
});

describe('parseOutboundUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(parseOutboundUrl('https://hooks.example.com/a?b=c').hostname).toBe('hooks.example.com');
    expect(parseOutboundUrl('http://[2606:4700::1111]:8080/').port).toBe('8080');
  });

  it.each([
    'ftp://x',
    'http://user:pw@host/',
    'http://user@host/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    '/relative/path',
    'relative',
    '',
    `https://example.com/${'a'.repeat(2_000)}`,
  ])('refuses %j', (raw) => {
    expect(() => parseOutboundUrl(raw)).toThrow(OutboundRefused);
    try {
      parseOutboundUrl(raw);
    } catch (error) {
      expect((error as OutboundRefused).reason).toBe('URL');
    }
  });
});

describe('parseNetworks', () => {
  it('reads a comma-separated CIDR list', () => {
    expect(parseNetworks('127.0.0.0/8, ::1/128')).toEqual(['127.0.0.0/8', '::1/128']);
    expect(parseNetworks(' 10.1.0.0/16 ,,192.168.5.7')).toEqual(['10.1.0.0/16', '192.168.5.7/32']);
    expect(parseNetworks('')).toEqual([]);
  });

  it.each(['10.0.0.0/33', 'nonsense', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', '10.0.0/8'])(
    'throws naming %j',
    (entry) => {
      expect(() => parseNetworks(`127.0.0.0/8,${entry}`)).toThrow(entry);
    },
  );
});

describe('isAllowedAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::808:808', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['::1', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['::', false],
    ['169.254.169.254', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['10.0.0.5', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['192.0.0.8', false],
    ['198.18.0.1', false],
    ['198.19.255.255', false],
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['ff02::1', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    ['192.0.2.1', false],
    ['2001:db8::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:a9fe:a9fe', false],
    ['64:ff9b::127.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['2002:7f00:1::', false],
    ['::127.0.0.1', false],
    ['not an address', false],
  ])('%s → %s', (address, allowed) => {
    expect(isAllowedAddress(address)).toBe(allowed);
  });

  it('lets the networks an admin allows through, and only those', () => {
    const allowed = ['10.1.0.0/16', '::1/128'];
    expect(isAllowedAddress('10.1.2.3', allowed)).toBe(true);
    expect(isAllowedAddress('::ffff:10.1.2.3', allowed)).toBe(true);
    expect(isAllowedAddress('::1', allowed)).toBe(true);
    expect(isAllowedAddress('10.2.0.1', allowed)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', allowed)).toBe(false);
  });
});
