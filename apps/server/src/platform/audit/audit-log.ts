import type { AuditAction, auditTargetTypes } from '@teamup/contracts/admin';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { RequestOrigin } from '../http/request-origin';
import { deleteAuditBefore, insertAuditEvent } from './audit.repo';

/*
 * The audit log's writer (decision 0050): each module records a security or admin event with
 * `recordAudit`, saying where it came from. The route hands the request's origin to the service
 * that records (`originOf`), and the entry's `from` is required, so no entry can leave it out by
 * accident: null is said only where no request caused the change. Not an AsyncLocalStorage: on
 * Node 20 one turns on async hooks for every promise of the process, a cost paid by every request
 * to spare a few services a parameter.
 */

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
  /** The request that made the change; null when none did (the instance's start, a job). */
  from: RequestOrigin | null;
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
      ip: entry.from?.ip ?? null,
      userAgent: entry.from?.userAgent ?? null,
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
