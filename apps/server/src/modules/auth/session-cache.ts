import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SubscriptionState } from '../../platform/bus/event-bus';
import { REVOKED_TOPIC, type Revocation } from '../../platform/auth/revocations';
import type { AccessClaims } from '../../platform/auth/tokens';
import { ModuleStateKey } from '../../platform/module-state';
import * as repo from './auth.repo';

/**
 * "Is this login session still active?" is asked on every authenticated request. The answer
 * "yes" is kept per instance for a few seconds; every revocation clears it here at once and on
 * the other instances over the bus, so a signed-out token stops working immediately, and a
 * lost bus message can keep it alive for at most `ACTIVE_FOR_MS`.
 */
const ACTIVE_FOR_MS = 10_000;
const MAX_ENTRIES = 100_000;

class ActiveSessions {
  private readonly entries = new Map<number, { userId: number; until: number }>();
  /** False while the bus is away: revocations made elsewhere would not arrive (decision 0032). */
  busHearing = true;
  /** Counts what was forgotten (a revocation, everything): a read overlapping it keeps nothing. */
  forgotten = 0;

  isKnown(claims: AccessClaims, now: number): boolean {
    const entry = this.entries.get(claims.sessionId);
    if (!entry) return false;
    if (entry.until <= now || entry.userId !== claims.userId) {
      this.entries.delete(claims.sessionId);
      return false;
    }
    return true;
  }

  remember(claims: AccessClaims, until: number) {
    if (!this.busHearing) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(claims.sessionId, { userId: claims.userId, until });
  }

  forgetAll() {
    this.forgotten += 1;
    this.entries.clear();
  }

  forget(revocation: Revocation) {
    this.forgotten += 1;
    if ('sessionId' in revocation) {
      this.entries.delete(revocation.sessionId);
      return;
    }
    for (const [sessionId, entry] of this.entries) {
      if (entry.userId === revocation.userId && sessionId !== revocation.exceptSessionId) {
        this.entries.delete(sessionId);
      }
    }
  }
}

/** The app instance's cache (the auth module's state), listening for revocations made elsewhere. */
export const activeSessionsState = new ModuleStateKey('auth: active sessions', (ctx) => {
  const sessions = new ActiveSessions();
  void ctx.bus
    .subscribe(REVOKED_TOPIC, (event) => sessions.forget(event as Revocation))
    .catch((error: unknown) => ctx.logger.error({ err: error }, 'session revocation feed'));
  return sessions;
});

const activeSessionsOf = (ctx: AppContext) => ctx.moduleState.get(activeSessionsState);

export async function isSessionActive(ctx: AppContext, claims: AccessClaims): Promise<boolean> {
  const sessions = activeSessionsOf(ctx);
  const now = ctx.now();
  if (sessions.isKnown(claims, now.getTime())) return true;
  const forgottenBefore = sessions.forgotten;
  const session = await repo.findActiveSession(
    ctx.database.db,
    claims.sessionId,
    claims.userId,
    now,
  );
  if (!session) return false;
  // A read that overlapped a revocation (or the bus coming back) may have read the old row.
  if (forgottenBefore !== sessions.forgotten) return true;
  sessions.remember(claims, Math.min(now.getTime() + ACTIVE_FOR_MS, session.expiresAt.getTime()));
  return true;
}

/**
 * The bus stopped hearing (`lost`) or hears again (`resubscribed`): revocations published
 * meanwhile may be lost, so every session kept as active is read again (decision 0032); while the
 * bus is away none is kept.
 */
export function sessionCacheHears(ctx: AppContext, state: SubscriptionState): void {
  const sessions = activeSessionsOf(ctx);
  sessions.busHearing = state === 'resubscribed';
  sessions.forgetAll();
}

/** Call after a revocation is committed: every instance stops trusting those sessions. */
export async function announceRevocation(ctx: AppContext, revocation: Revocation): Promise<void> {
  activeSessionsOf(ctx).forget(revocation);
  await ctx.bus.publishUnlogged(REVOKED_TOPIC, revocation);
}

/** Revokes one session (optionally only if it is `userId`'s); answers whether it was live. */
export async function revokeSession(
  ctx: AppContext,
  sessionId: number,
  reason: string,
  userId?: number,
): Promise<boolean> {
  const revoked = await ctx.database.db.transaction(async (tx) => {
    const ended = await repo.revokeSession(tx, sessionId, reason, ctx.now(), userId);
    if (ended) await endSessions(ctx, tx, [sessionId]);
    return ended;
  });
  if (revoked) await announceRevocation(ctx, { sessionId });
  return revoked;
}

/** Revokes every live session of a user, except `exceptSessionId` when given. */
export async function revokeUserSessions(
  ctx: AppContext,
  userId: number,
  reason: string,
  exceptSessionId?: number,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const ended = await repo.revokeUserSessions(tx, userId, reason, ctx.now(), exceptSessionId);
    await endSessions(ctx, tx, ended);
  });
  await announceRevocation(ctx, { userId, exceptSessionId });
}

/** What other modules keep per session goes in the revocation's transaction (push subscriptions). */
async function endSessions(ctx: AppContext, tx: Db, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return;
  for (const step of ctx.hooks.sessionEndSteps) await step(tx, sessionIds);
}
