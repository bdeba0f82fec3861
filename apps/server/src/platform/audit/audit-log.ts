import type { AuditAction, auditTargetTypes } from '@teamup/contracts/admin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deleteAuditBefore, insertAuditEvent } from './audit.repo';

/*
 * The audit log's writer (decision 0050): each module records a security or admin event with
 * `recordAudit`. Where it came from is what the caller knows: a sign-in's client address and
 * browser (RequestMeta). Not an AsyncLocalStorage: on Node 20 one turns on async hooks for every
 * promise of the process, a cost paid by every request to spare a few services a parameter.
 */

/** The browser a request names, as the log keeps it (at most 300 characters). */
export function userAgentOf(request: FastifyRequest): string | undefined {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent.slice(0, 300) : undefined;
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
  /** Where from, when the caller knows it (a sign-in's client address and browser). */
  ip?: string | undefined;
  userAgent?: string | undefined;
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
      ip: entry.ip ?? null,
      userAgent: entry.userAgent ?? null,
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
