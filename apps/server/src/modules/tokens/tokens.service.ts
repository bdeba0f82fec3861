import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  PERSONAL_TOKEN_PREFIX,
  TokenLimits,
  tokenMessages,
  type CreatedPersonalToken,
  type PersonalToken,
  type PersonalTokenScope,
} from '@teamup/contracts/tokens';
import type { AppContext } from '../../context';
import { recordAudit } from '../../platform/audit/audit-log';
import { hashOpaqueToken, type AccessClaims } from '../../platform/auth/tokens';
import { conflict, notFound } from '../../platform/errors/app-error';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { ModuleStateKey } from '../../platform/module-state';
import * as auth from '../auth/auth.service';
import * as repo from './tokens.repo';

const DAY_MS = 86_400_000;
/** A token "until revoked" still needs its session to end some day: a century on. */
const UNTIL_REVOKED_DAYS = 36_500;
/** The last use is written at most this often per token and instance. */
const TOUCH_EVERY_MS = 60_000;
/** Resolved tokens kept per instance; all are forgotten past it. */
const RESOLVED_KEPT = 10_000;

type Resolved = { id: number; claims: AccessClaims };

/**
 * What this instance knows of tokens it resolved: who and which session a token's hash names
 * (facts that never change: a revoked token's session is refused by the session check on every
 * request), and when each last use was written.
 */
class TokenState {
  readonly resolved = new Map<string, Resolved>();
  readonly touchedAt = new Map<number, number>();
}

export const tokenState = new ModuleStateKey('tokens: resolved tokens', () => new TokenState());

function present(row: repo.TokenRow): PersonalToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listTokens(ctx: AppContext, userId: number): Promise<PersonalToken[]> {
  return (await repo.listTokens(ctx.database.db, userId)).map(present);
}

export async function createToken(
  ctx: AppContext,
  userId: number,
  input: { name: string; scopes: PersonalTokenScope[]; expiresInDays: number | null },
  from: RequestOrigin,
): Promise<CreatedPersonalToken> {
  if ((await repo.countTokens(ctx.database.db, userId)) >= TokenLimits.perPerson) {
    throw conflict(ErrorCode.PERSONAL_TOKEN_LIMIT, tokenMessages.tooMany);
  }
  const token = `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = ctx.now();
  const expiresAt =
    input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const sessionEnds = expiresAt ?? new Date(now.getTime() + UNTIL_REVOKED_DAYS * DAY_MS);
  const row = await ctx.database.db.transaction(async (tx) => {
    const sessionId = await auth.openTokenSession(tx, userId, sessionEnds, from);
    return repo.insertToken(tx, {
      userId,
      sessionId,
      name: input.name,
      tokenHash: hashOpaqueToken(token),
      prefix: token.slice(0, TokenLimits.shownPrefixLength),
      scopes: input.scopes,
      createdAt: now,
      expiresAt,
    });
  });
  await recordAudit(ctx, {
    action: 'TOKEN_CREATED',
    actorId: userId,
    target: { type: 'TOKEN', id: row.id, label: row.name },
    details: { scopes: row.scopes.join(','), expiresInDays: input.expiresInDays },
    from,
  });
  return { ...present(row), token };
}

/** Revokes a token: it stops working at once, on every instance, with its live connections. */
export async function revokeToken(
  ctx: AppContext,
  userId: number,
  id: number,
  from: RequestOrigin,
): Promise<void> {
  const row = await repo.deleteToken(ctx.database.db, id, userId);
  if (!row) throw notFound(tokenMessages.notFound, ErrorCode.NOT_FOUND);
  await auth.endOwnSession(ctx, userId, row.sessionId, 'token-revoked');
  await recordAudit(ctx, {
    action: 'TOKEN_REVOKED',
    actorId: userId,
    target: { type: 'TOKEN', id: row.id, label: row.name },
    from,
  });
}

/**
 * The claims of a personal access token, or null for one this instance has never issued. Whether
 * its session still lives (revoked, expired, its owner deactivated) is the guard's next question.
 */
export async function resolveToken(ctx: AppContext, token: string): Promise<AccessClaims | null> {
  const state = ctx.moduleState.get(tokenState);
  const hash = hashOpaqueToken(token);
  let resolved = state.resolved.get(hash);
  if (!resolved) {
    const row = await repo.findByHash(ctx.database.db, hash);
    if (!row) return null;
    resolved = {
      id: row.id,
      claims: {
        userId: row.userId,
        sessionId: row.sessionId,
        scopes: row.scopes,
        expiresAtMs: row.expiresAt?.getTime() ?? null,
      },
    };
    if (state.resolved.size >= RESOLVED_KEPT) state.resolved.clear();
    state.resolved.set(hash, resolved);
  }
  noteUse(ctx, state, resolved.id);
  return { ...resolved.claims };
}

/** Writes the last use, at most once a minute per token: never on the request's path. */
function noteUse(ctx: AppContext, state: TokenState, id: number): void {
  const now = ctx.now();
  const last = state.touchedAt.get(id);
  if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS) return;
  if (state.touchedAt.size >= RESOLVED_KEPT) state.touchedAt.clear();
  state.touchedAt.set(id, now.getTime());
  void repo.touchToken(ctx.database.db, id, now).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'personal token: last use not written');
  });
}
