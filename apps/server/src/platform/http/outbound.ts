import { promises as dnsPromises, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one way the server calls a URL a user typed (outgoing webhooks). Such a URL must not turn
 * the server into a tool against the network it runs in (SSRF): the cloud's metadata service,
 * the database, Redis, an admin page on localhost. So the URL is parsed strictly, its host is
 * resolved once, every address is checked, and the connection goes to the checked address only.
 */

/** Both outcomes that are not an answer carry a reason a caller can branch on (and store). */
class OutboundError<Reason extends string> extends Error {
  constructor(
    readonly reason: Reason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Refused by the URL rules or the address policy (or the name did not resolve): nothing sent. */
export class OutboundRefused extends OutboundError<'URL' | 'ADDRESS' | 'DNS'> {
  override name = 'OutboundRefused';
}

/** Allowed, but no whole answer came: the time ran out or the connection failed. */
export class OutboundFailed extends OutboundError<'TIMEOUT' | 'NETWORK'> {
  override name = 'OutboundFailed';
}

/** Resolves a host name to every address; injectable so tests can play DNS (and rebinding). */
export type OutboundLookup = (host: string) => Promise<{ address: string; family: number }[]>;

/** The bounds of one outgoing request; `allowedNetworks` comes from the admin (parseNetworks). */
export type OutboundPolicy = {
  /** CIDRs the admin lets webhooks reach although they are private (e.g. `10.1.0.0/16`). */
  allowedNetworks: readonly string[];
  /** The whole request: DNS, connect, sending, and reading the answer. */
  timeoutMs: number;
  /** How much of the answer is kept; the connection is dropped past it. */
  maxResponseBytes: number;
  lookup?: OutboundLookup;
};

/** What came back; a 3xx is an answer like any other (redirects are never followed). */
export type OutboundAnswer = { status: number; body: string; durationMs: number };

const maxUrlLength = 2_000;

/**
 * The URL, if it is an absolute http(s) URL without credentials, else OutboundRefused('URL').
 * Credentials are refused because they would be sent to (and logged by) whoever the host is,
 * and `user@host` URLs are a classic way to make a URL look like it goes somewhere it does not.
 */
export function parseOutboundUrl(raw: string): URL {
  if (raw.length > maxUrlLength) throw new OutboundRefused('URL', 'The URL is too long');
  let url: URL;
  try {
    url = new URL(raw); // throws for a relative path: there is no base to resolve it against
  } catch {
    throw new OutboundRefused('URL', 'Not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused('URL', `Only http and https URLs are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new OutboundRefused('URL', 'A URL with a user name or password is not allowed');
  }
  return url;
}

/**
 * A comma-separated CIDR list (an env var) as `address/prefix` strings; a bare address counts as
 * a single host. Throws an Error naming the bad entry, so a typo stops the server at start
 * instead of silently allowing nothing (or too much).
 */
export function parseNetworks(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [address = '', prefix, ...rest] = entry.split('/');
      const version = isIP(address);
      const max = version === 6 ? 128 : 32;
      const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
      if (version === 0 || rest.length > 0 || bits < 0 || bits > max) {
        throw new Error(`Not a network (address/prefix): "${entry}"`);
      }
      return `${address}/${bits}`;
    });
}

/** The networks as a BlockList; they pass parseNetworks first, so a bad one names itself. */
function listOf(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const network of parseNetworks(networks.join(','))) {
    const [address = '', prefix = ''] = network.split('/');
    list.addSubnet(address, Number(prefix), isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/**
 * Everything that is not the public internet. IPv4-mapped addresses (::ffff:a.b.c.d) match the
 * IPv4 rules by BlockList's own doing; NAT64 and 6to4 addresses are unwrapped (judge below).
 */
const refused = listOf([
  // "This network" (0.0.0.0 reaches the local host on Linux), loopback, link-local (home of the
  // cloud metadata service), private, carrier-grade NAT.
  ...['0.0.0.0/8', '127.0.0.0/8', '169.254.0.0/16', '10.0.0.0/8', '172.16.0.0/12'],
  ...['192.168.0.0/16', '100.64.0.0/10'],
  // IETF protocol assignments, benchmarking, documentation, old 6to4 relays, multicast, and the
  // reserved 240/4 (which holds the broadcast address 255.255.255.255).
  ...['192.0.0.0/24', '198.18.0.0/15', '192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'],
  ...['192.88.99.0/24', '224.0.0.0/4', '240.0.0.0/4'],
  // Unspecified, loopback and the deprecated IPv4-compatible form (all in ::/96), link-local,
  // unique local (private), site-local (deprecated, may still route), multicast.
  ...['::/96', 'fe80::/10', 'fc00::/7', 'fec0::/10', 'ff00::/8'],
  // Local-use NAT64 (translates into private networks), discard-only, Teredo (a tunnel to an
  // address nobody can judge here), documentation.
  ...['64:ff9b:1::/48', '100::/64', '2001::/32', '2001:db8::/32'],
]);

/** The IPv4 address NAT64 (64:ff9b::/96) or 6to4 (2002::/16) would actually reach, if any. */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  const quad = (high: number, low: number) =>
    [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0x64 && g1 === 0xff9b && !g2 && !g3 && !g4 && !g5) return quad(g6, g7);
  if (g0 === 0x2002) return quad(g1 ?? 0, g2 ?? 0);
  return undefined;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = text.slice(text.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function judge(allowed: BlockList) {
  return (raw: string): boolean => {
    const address = raw.split('%')[0] ?? ''; // a zone id (fe80::1%eth0) is no part of the address
    const version = isIP(address);
    if (version === 0) return false;
    const forms: [string, 'ipv4' | 'ipv6'][] = [[address, version === 4 ? 'ipv4' : 'ipv6']];
    const inner = version === 6 ? embeddedIpv4(address) : undefined;
    if (inner) forms.push([inner, 'ipv4']);
    // The admin's allowance wins; otherwise every form (the address and what it wraps) must pass.
    if (forms.some(([a, type]) => allowed.check(a, type))) return true;
    return !forms.some(([a, type]) => refused.check(a, type));
  };
}

/** Whether the server may connect to this IP address under the admin's allowed networks. */
export function isAllowedAddress(address: string, networks: readonly string[] = []): boolean {
  return judge(listOf(networks))(address);
}

const systemLookup: OutboundLookup = (host) =>
  dnsPromises.lookup(host, { all: true, verbatim: true });

/** Races a step against the request's deadline (a DNS lookup cannot be cancelled, only left). */
function beforeDeadline<T>(step: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut(ms)), Math.max(0, ms));
    step.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
const timedOut = (ms: number) => new OutboundFailed('TIMEOUT', `No answer within ${ms} ms`);

/** The host's addresses, every one of them allowed, or OutboundRefused. */
async function checkedAddresses(host: string, policy: OutboundPolicy): Promise<LookupAddress[]> {
  const allowed = judge(listOf(policy.allowedNetworks));
  let answers: { address: string; family: number }[];
  if (isIP(host)) {
    answers = [{ address: host, family: isIP(host) }]; // a literal: nothing to resolve
  } else {
    try {
      answers = await beforeDeadline((policy.lookup ?? systemLookup)(host), policy.timeoutMs);
    } catch (error) {
      if (error instanceof OutboundFailed) throw error;
      throw new OutboundRefused('DNS', `${host} did not resolve: ${messageOf(error)}`, {
        cause: error,
      });
    }
    if (answers.length === 0) throw new OutboundRefused('DNS', `${host} has no address`);
  }
  // One bad address refuses all: a name that also points inside is not a webhook target, and
  // checking them all means it no longer matters which one the connection would pick.
  const bad = answers.find(({ address }) => !allowed(address));
  if (bad) {
    throw new OutboundRefused('ADDRESS', `${host} leads to ${bad.address}, which is not allowed`);
  }
  return answers.map(({ address }) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * POSTs `body` to a user-given URL under the SSRF policy. Rejects with OutboundRefused (nothing
 * sent) or OutboundFailed (timeout, broken connection); any HTTP status, 3xx included, resolves.
 */
export async function postOutbound(
  url: string | URL,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  const started = performance.now();
  const target = parseOutboundUrl(typeof url === 'string' ? url : url.href);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1'); // an IPv6 literal comes bracketed
  const addresses = await checkedAddresses(host, policy);
  // The connection asks this instead of DNS: it gets exactly the addresses checked above, so an
  // answer that changes after the check (DNS rebinding) never reaches a socket. The request keeps
  // the host name, so the Host header, TLS SNI and the certificate check still use the name.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    // Happy Eyeballs (on by default since Node 20) asks for all of them, a plain connect for one.
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (first) callback(null, first.address, first.family);
  };
  const sent: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(headers)) sent[name.toLowerCase()] = value;
  // Framing and routing are ours: a caller's host or transfer-encoding could smuggle a request.
  for (const name of ['host', 'connection', 'transfer-encoding']) delete sent[name];
  sent['user-agent'] = 'TeamUp-Webhook/1.0';
  sent['content-length'] = String(Buffer.byteLength(body));
  const max = policy.maxResponseBytes;

  return new Promise<OutboundAnswer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let status = 0;
    let done = false;
    const finish = (failure?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      request.destroy(); // whatever its state: past maxResponseBytes nothing more is read
      if (failure) return reject(failure);
      const text = Buffer.concat(chunks).subarray(0, max).toString('utf8');
      resolve({ status, body: text, durationMs: Math.round(performance.now() - started) });
    };
    const broken = (error: Error) =>
      finish(new OutboundFailed('NETWORK', error.message, { cause: error }));

    let request: http.ClientRequest;
    try {
      request = (target.protocol === 'https:' ? https : http).request({
        protocol: target.protocol,
        hostname: host,
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: sent,
        lookup: pinned,
        // A fresh agent: no pooled socket from another policy's check, no proxy, no keep-alive.
        agent: false,
      });
    } catch (error) {
      // Node refuses a header with a line break before anything is sent.
      return reject(new OutboundFailed('NETWORK', messageOf(error), { cause: error }));
    }
    const remainingMs = Math.max(0, policy.timeoutMs - (performance.now() - started));
    const timer = setTimeout(() => finish(timedOut(policy.timeoutMs)), remainingMs);
    request.on('error', broken).on('response', (response) => {
      status = response.statusCode ?? 0;
      response
        .on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= max) finish();
        })
        .on('end', () => finish())
        .on('error', broken)
        .on('close', () => broken(new Error('The connection closed before the answer ended')));
      if (max <= 0) finish();
    });
    request.end(body);
  });
}
