import { createECDH } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { deviceLabelOf } from '@teamup/contracts/device-label';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  PushMessages as M,
  type PushSubscriptionInfo,
  type PushSubscriptionInput,
} from '@teamup/contracts/push';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors/app-error';
import type { AccessClaims } from '../../platform/auth/tokens';
import * as repo from './push.repo';

/* Each person's devices that receive web pushes (issue 43): subscribe, list, remove. */

/**
 * The most devices a person keeps for pushes; subscribing another drops their oldest. Each notice
 * is one post per device: without a bound, one account could make every notice a flood.
 */
export const MAX_DEVICES = 10;

/** The longest User-Agent kept to name a device. */
const USER_AGENT_MAX = 512;

/** Addresses a push endpoint may not name: the server would post to its own network. */
const localAddresses = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const) {
    list.addSubnet(net, prefix, 'ipv4');
  }
  for (const [net, prefix] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
    ['::ffff:0:0', 96],
  ] as const) {
    list.addSubnet(net, prefix, 'ipv6');
  }
  return list;
})();

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether the server may post to this endpoint: https on the default port to a name or a public
 * address (push services are public https hosts); in tests (PUSH_TEST_ALLOW_LOCAL_HTTP) also
 * http(s) on loopback, any port. A host name that resolves to a local address is not caught here
 * (the outbound fetcher of the architecture's plan would be the place).
 */
function endpointAllowed(ctx: AppContext, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (ctx.config.push.allowLocalHttp && LOOPBACK_NAMES.has(url.hostname)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const family = isIP(host);
  if (family === 0) return true;
  return !localAddresses.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** Base64url without its padding (the keys are checked by pattern: at most two `=` at the end). */
const unpadded = (text: string) => text.replace(/={1,2}$/, '');
const fromBase64url = (text: string) => Buffer.from(unpadded(text), 'base64url');

/** A P-256 point in uncompressed form that lies on the curve (what RFC 8291 needs). */
function isP256PublicKey(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 0x04) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    // Throws for a point that is not on the curve.
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

export function vapidPublicKey(ctx: AppContext): { publicKey: string } {
  return { publicKey: ctx.push.publicKey };
}

function present(row: repo.PushSubscriptionRow, sessionId: number): PushSubscriptionInfo {
  return {
    id: row.id,
    deviceLabel: deviceLabelOf(row.userAgent ?? ''),
    current: row.sessionId === sessionId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Keeps this device's subscription for the caller, tied to the session that asked. */
export async function subscribe(
  ctx: AppContext,
  claims: AccessClaims,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<PushSubscriptionInfo> {
  if (!endpointAllowed(ctx, input.endpoint)) {
    throw badRequest(ErrorCode.PUSH_SUBSCRIPTION_INVALID, M.endpointRefused, [
      { field: 'endpoint', message: M.endpointRefused },
    ]);
  }
  if (
    !isP256PublicKey(fromBase64url(input.keys.p256dh)) ||
    fromBase64url(input.keys.auth).length !== 16
  ) {
    throw badRequest(ErrorCode.PUSH_SUBSCRIPTION_INVALID, M.keyRefused, [
      { field: 'keys', message: M.keyRefused },
    ]);
  }
  const row = await ctx.database.db.transaction(async (tx) => {
    const saved = await repo.upsert(
      tx,
      {
        userId: claims.userId,
        sessionId: claims.sessionId,
        endpoint: input.endpoint,
        p256dh: unpadded(input.keys.p256dh),
        auth: unpadded(input.keys.auth),
        userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      },
      ctx.now(),
    );
    await repo.keepNewest(tx, claims.userId, MAX_DEVICES);
    return saved;
  });
  return present(row, claims.sessionId);
}

export async function list(ctx: AppContext, claims: AccessClaims): Promise<PushSubscriptionInfo[]> {
  const rows = await repo.listOf(ctx.database.db, claims.userId);
  return rows.map((row) => present(row, claims.sessionId));
}

export async function unsubscribe(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteOwn(ctx.database.db, userId, id))) {
    throw notFound(M.subscriptionNotFound, ErrorCode.PUSH_SUBSCRIPTION_NOT_FOUND);
  }
}

/** The sessions end (logout, revocation): their devices stop receiving pushes, in that write. */
export async function endSessionsSubscriptions(db: Db, sessionIds: readonly number[]) {
  await repo.deleteOfSessions(db, sessionIds);
}
