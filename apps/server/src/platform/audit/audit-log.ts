import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction, auditTargetTypes } from '@teamup/contracts/admin';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { TypedApp } from '../http/types';
import { deleteAuditBefore, insertAuditEvent } from './audit.repo';

/*
 * The audit log's writer (decision 0050): any module records a security or admin event with
 * `recordAudit`; where it came from (the client's address and browser) is taken from the request
 * being served, kept for the duration of each request in an AsyncLocalStorage, so services need
 * no request in their signatures.
 */

export type AuditOrigin = { ip: string | null; userAgent: string | null };

const origins = new AsyncLocalStorage<AuditOrigin>();

/** Every request runs in its origin (as @fastify/request-context does: run, then continue). */
export function trackAuditOrigin(app: TypedApp): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    origins.run(
      { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null },
      done,
    );
  });
}

export type AuditEntry = {
  action: AuditAction;
  /** Who did it; null when no account did (a failed sign-in). */
  actorId: number | null;
  /** Shown when the actor is not an account (the address a failed sign-in named). */
  actorLabel?: string;
  target?: {
    type: (typeof auditTargetTypes)[number];
    id: number | string;
    /** Its name then; for a USER target the e-mail is read when omitted. */
    label?: string | null;
  };
  details?: Record<string, string | number | boolean | null>;
  /** When the caller knows it better than the request (a sign-in's client address). */
  ip?: string;
};

/**
 * Writes one entry. A failure is logged, not thrown: the change it tells of has happened, and
 * refusing it afterwards would not undo it.
 */
export async function recordAudit(
  ctx: AppContext,
  entry: AuditEntry,
  db: Db = ctx.database.db,
): Promise<void> {
  const origin = origins.getStore();
  const target = entry.target;
  try {
    await insertAuditEvent(db, {
      at: ctx.now(),
      action: entry.action,
      actorId: entry.actorId,
      actorLabel: entry.actorLabel ?? null,
      targetType: target?.type ?? null,
      targetId: target === undefined ? null : String(target.id),
      targetLabel: target?.label ?? null,
      // Resolved in the statement when the caller gave none.
      targetUserId:
        target?.type === 'USER' && target.label === undefined ? Number(target.id) : null,
      ip: entry.ip ?? origin?.ip ?? null,
      userAgent: origin?.userAgent ?? null,
      details: entry.details ?? {},
    });
  } catch (error) {
    ctx.logger.error({ err: error, action: entry.action }, 'audit log: entry not written');
  }
}

/** Forgets entries older than `days`; answers how many went. */
export async function pruneAudit(ctx: AppContext, days: number): Promise<number> {
  return deleteAuditBefore(ctx.database.db, new Date(ctx.now().getTime() - days * 86_400_000));
}
