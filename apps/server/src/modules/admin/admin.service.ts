import {
  adminMessages,
  AuditLimits,
  type AdminUser,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
  type AdminUsersQuery,
  type InstanceSettings,
  type InstanceStats,
  type Invitation,
  type UpdateInstanceSettings,
} from '@teamup/contracts/admin';
import { toPage, type Page } from '@teamup/contracts/common';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { signOutEverywhere } from '../auth/auth.service';
import * as repo from './admin.repo';
import { readInstanceSettings } from './registration.service';

/*
 * The instance admin's work (issue 46, decision 0050). An instance admin is an account whose role
 * is ADMIN: named by ADMIN_EMAILS, the first account of an instance that names none, or made one
 * by another admin. Every call here asks first.
 */

const DAY_MS = 86_400_000;

export async function requireInstanceAdmin(ctx: AppContext, userId: number): Promise<void> {
  const standing = await repo.standingOf(ctx.database.db, userId);
  if (standing?.role !== 'ADMIN' || standing.deactivatedAt !== null) {
    throw forbidden(adminMessages.adminRequired, ErrorCode.ADMIN_REQUIRED);
  }
}

export function presentAdminUser(row: repo.AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    provider: row.provider,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    workspaceCount: row.workspaceCount,
  };
}

export function settings(ctx: AppContext): Promise<InstanceSettings> {
  return readInstanceSettings(ctx.database.db);
}

export async function updateSettings(
  ctx: AppContext,
  adminId: number,
  input: UpdateInstanceSettings,
  from: RequestOrigin,
): Promise<InstanceSettings> {
  if (input.registration === 'SSO_ONLY' && !ctx.config.oidc) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, adminMessages.ssoNotConfigured);
  }
  const allowedDomains = [...new Set(input.allowedDomains)].sort();
  const before = await readInstanceSettings(ctx.database.db);
  await repo.writeSettings(
    ctx.database.db,
    { registration: input.registration, allowedDomains, updatedBy: adminId },
    ctx.now(),
  );
  await recordAudit(ctx, {
    action: 'REGISTRATION_POLICY_CHANGED',
    actorId: adminId,
    target: { type: 'INSTANCE', id: 1, label: null },
    details: {
      from: before.registration,
      to: input.registration,
      domains: allowedDomains.join(', '),
    },
    from,
  });
  return readInstanceSettings(ctx.database.db);
}

export async function stats(ctx: AppContext): Promise<InstanceStats> {
  const since = new Date(ctx.now().getTime() - 7 * DAY_MS);
  const [row, policy] = await Promise.all([
    repo.readStats(ctx.database.db, since),
    readInstanceSettings(ctx.database.db),
  ]);
  return {
    users: {
      total: row.total,
      active: row.total - row.deactivated,
      deactivated: row.deactivated,
      admins: row.admins,
      joinedLast7Days: row.joinedLast7Days,
      activeLast7Days: row.activeLast7Days,
    },
    workspaces: row.workspaces,
    teams: row.teams,
    messagesLast7Days: row.messagesLast7Days,
    files: { count: row.fileCount, bytes: Number(row.fileBytes) },
    registration: policy.registration,
  };
}

export async function people(ctx: AppContext, query: AdminUsersQuery): Promise<Page<AdminUser>> {
  const { rows, total } = await repo.listPeople(ctx.database.db, query);
  return toPage(rows.map(presentAdminUser), total, query);
}

async function personOrNotFound(ctx: AppContext, id: number): Promise<AdminUser> {
  const row = await repo.findPerson(ctx.database.db, id);
  if (!row) throw notFound(adminMessages.userNotFound, ErrorCode.USER_NOT_FOUND);
  return presentAdminUser(row);
}

/**
 * Changes an admin's own standing, or the last active admin's, only where that cannot leave the
 * instance without one: checked with the admins' rows locked, so two admins acting on each other
 * at once cannot both succeed.
 */
async function changeStanding(
  ctx: AppContext,
  adminId: number,
  id: number,
  change: 'deactivate' | 'demote',
): Promise<void> {
  if (id === adminId) {
    const message =
      change === 'deactivate' ? adminMessages.cannotDeactivateSelf : adminMessages.cannotDemoteSelf;
    throw badRequest(ErrorCode.ADMIN_SELF, message);
  }
  await ctx.database.db.transaction(async (tx) => {
    await repo.lockAdmins(tx);
    const target = await repo.standingOf(tx, id);
    if (!target) throw notFound(adminMessages.userNotFound, ErrorCode.USER_NOT_FOUND);
    const anActiveAdmin = target.role === 'ADMIN' && target.deactivatedAt === null;
    if (anActiveAdmin && (await repo.countOtherActiveAdmins(tx, id)) === 0) {
      throw conflict(ErrorCode.ADMIN_LAST, adminMessages.lastAdmin);
    }
    if (change === 'deactivate') {
      if (target.deactivatedAt === null) await repo.setDeactivated(tx, id, ctx.now());
    } else {
      await repo.setRole(tx, id, 'USER');
    }
  });
}

/**
 * Deactivates an account: its row first (no new session opens after it, see startSession), then
 * every session it has, which ends its streams and sockets on every instance (session-cache).
 * What it wrote stays.
 */
export async function deactivate(
  ctx: AppContext,
  adminId: number,
  id: number,
  from: RequestOrigin,
) {
  await changeStanding(ctx, adminId, id, 'deactivate');
  await signOutEverywhere(ctx, id, 'deactivated');
  await recordAudit(ctx, {
    action: 'USER_DEACTIVATED',
    actorId: adminId,
    target: { type: 'USER', id },
    from,
  });
  return personOrNotFound(ctx, id);
}

export async function reactivate(
  ctx: AppContext,
  adminId: number,
  id: number,
  from: RequestOrigin,
) {
  await personOrNotFound(ctx, id);
  await repo.setDeactivated(ctx.database.db, id, null);
  await recordAudit(ctx, {
    action: 'USER_REACTIVATED',
    actorId: adminId,
    target: { type: 'USER', id },
    from,
  });
  return personOrNotFound(ctx, id);
}

export async function setRole(
  ctx: AppContext,
  adminId: number,
  id: number,
  role: 'USER' | 'ADMIN',
  from: RequestOrigin,
): Promise<AdminUser> {
  const before = await personOrNotFound(ctx, id);
  if (role === 'USER') await changeStanding(ctx, adminId, id, 'demote');
  else await repo.setRole(ctx.database.db, id, 'ADMIN');
  if (before.role !== role) {
    await recordAudit(ctx, {
      action: 'INSTANCE_ROLE_CHANGED',
      actorId: adminId,
      target: { type: 'USER', id },
      details: { from: before.role, to: role },
      from,
    });
  }
  return personOrNotFound(ctx, id);
}

function presentInvitation(row: repo.InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    invitedAt: row.invitedAt.toISOString(),
    invitedBy:
      row.invitedById === null ? null : { id: row.invitedById, name: row.invitedByName ?? '' },
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}

export async function invitations(ctx: AppContext): Promise<Invitation[]> {
  return (await repo.listInvitations(ctx.database.db)).map(presentInvitation);
}

export async function invite(
  ctx: AppContext,
  adminId: number,
  emails: readonly string[],
  from: RequestOrigin,
): Promise<Invitation[]> {
  const addresses = [...new Set(emails)];
  await repo.insertInvitations(ctx.database.db, addresses, adminId);
  for (const email of addresses) {
    await recordAudit(ctx, {
      action: 'INVITATION_CREATED',
      actorId: adminId,
      target: { type: 'INVITATION', id: email, label: email },
      from,
    });
  }
  return invitations(ctx);
}

export async function withdrawInvitation(
  ctx: AppContext,
  adminId: number,
  id: number,
  from: RequestOrigin,
): Promise<void> {
  const email = await repo.deleteInvitation(ctx.database.db, id);
  if (email === undefined) throw notFound(adminMessages.invitationNotFound);
  await recordAudit(ctx, {
    action: 'INVITATION_WITHDRAWN',
    actorId: adminId,
    target: { type: 'INVITATION', id: email, label: email },
    from,
  });
}

// --- the audit log ------------------------------------------------------------------------------

const SEOUL_OFFSET = '+09:00';
/** A day in Korea's time zone as its first instant; `next` the day after's. */
const seoulDay = (day: string, next = false) => {
  const start = new Date(`${day}T00:00:00${SEOUL_OFFSET}`);
  return next ? new Date(start.getTime() + DAY_MS) : start;
};

function auditFilter(query: Omit<AuditQuery, 'size'>): repo.AuditFilter {
  return {
    q: query.q || undefined,
    action: query.action,
    from: query.from === undefined ? undefined : seoulDay(query.from),
    to: query.to === undefined ? undefined : seoulDay(query.to, true),
    before: query.before,
  };
}

function presentAuditEvent(row: repo.AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as AuditEvent['action'],
    actor:
      row.actorId === null && row.actorLabel === null
        ? null
        : { id: row.actorId, label: row.actorLabel },
    target:
      row.targetType === null || row.targetId === null
        ? null
        : {
            type: row.targetType as NonNullable<AuditEvent['target']>['type'],
            id: row.targetId,
            label: row.targetLabel,
          },
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details,
  };
}

export async function auditPage(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  // One more than asked says whether an older page exists.
  const rows = await repo.auditEvents(ctx.database.db, auditFilter(query), query.size + 1);
  const events = rows.slice(0, query.size).map(presentAuditEvent);
  return {
    events,
    nextBefore: rows.length > query.size ? (events.at(-1)?.id ?? null) : null,
    retentionDays: ctx.config.auditRetentionDays,
  };
}

/** The matching entries as JSON lines (newest first); the export is itself an entry, after. */
export async function auditExport(
  ctx: AppContext,
  adminId: number,
  query: Omit<AuditQuery, 'size' | 'before'>,
  from: RequestOrigin,
): Promise<string> {
  const rows = await repo.auditEvents(ctx.database.db, auditFilter(query), AuditLimits.exportMax);
  await recordAudit(ctx, {
    action: 'AUDIT_EXPORTED',
    actorId: adminId,
    details: {
      entries: rows.length,
      q: query.q ?? null,
      action: query.action ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
    },
    from,
  });
  return rows.map((row) => `${JSON.stringify(presentAuditEvent(row))}\n`).join('');
}

/** At start: the accounts ADMIN_EMAILS names are admins (those made later are made so). */
export async function promoteNamedAdmins(ctx: AppContext): Promise<void> {
  const promoted = await repo.promoteListed(ctx.database.db, ctx.config.adminEmails);
  if (promoted > 0) ctx.logger.info({ promoted }, 'ADMIN_EMAILS: accounts made instance admins');
}
