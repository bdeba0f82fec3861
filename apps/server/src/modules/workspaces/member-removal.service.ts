import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics, type WorkspaceMemberRemovedEvent } from '@teamup/contracts/events';
import { WorkspaceMessages as M, type BannedUser } from '@teamup/contracts/workspaces';
import type { AppContext } from '../../context';
import { recordAudit, type AuditEntry } from '../../platform/audit/audit-log';
import type { RequestOrigin } from '../../platform/http/request-origin';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors/app-error';
import { emitDomainEventNow } from '../../platform/domain-events';
import { announceAccessChange } from '../../platform/realtime/live-access';
import { AccessCaches, clearAccessCaches } from '../../platform/access-cache';
import { presentBan } from './workspaces.presenter';
import * as repo from './workspaces.repo';
import { memberNotFound, requireMembership, requireModerator } from './membership.service';
import { assertMayLeave, assertMayRemoveMember } from './workspaces.policy';

/*
 * Going out: kicks, bans (and the blacklist) and leaving. Every removal takes the person out of
 * what hangs off the membership (the other modules' memberRemovalSteps) in the same write, then
 * ends their access everywhere.
 */

/** The target's role once the actor may remove them (workspaces.policy.ts decides who whom). */
async function assertMayRemove(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  targetId: number,
) {
  const actorRole = await requireModerator(ctx, workspaceId, actorId);
  const targetRole = await repo.findRole(ctx.database.db, workspaceId, targetId);
  assertMayRemoveMember({ id: actorId, role: actorRole }, { id: targetId, role: targetRole });
  return targetRole;
}

/** Removes the membership and everything hanging off it (teams, rooms) in one transaction. */
async function removeMember(
  ctx: AppContext,
  db: Db,
  workspaceId: number,
  userId: number,
): Promise<boolean> {
  const removed = await repo.deleteMember(db, workspaceId, userId);
  if (removed) for (const step of ctx.hooks.memberRemovalSteps) await step(db, workspaceId, userId);
  return removed;
}

async function announceRemoval(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
  reason: WorkspaceMemberRemovedEvent['reason'],
) {
  // First the kept answers (role, teams, rooms) on every instance, so access ends at once; teams
  // they led have a new leader, and boards they were assigned on lost them.
  await clearAccessCaches(ctx, { userIds: [userId] });
  await clearAccessCaches(ctx, { caches: [AccessCaches.team, AccessCaches.kanbanBoard] });
  const event: WorkspaceMemberRemovedEvent = {
    type: 'WORKSPACE_MEMBER_REMOVED',
    workspaceId,
    userId,
    reason,
  };
  await ctx.bus.publish(Topics.workspace(workspaceId), event);
  await ctx.bus.publish(Topics.user(userId), event);
  if (reason !== 'LEFT') {
    await emitDomainEventNow(ctx, {
      type: 'WORKSPACE_MEMBER_REMOVED',
      workspaceId,
      userId,
      reason,
    });
  }
  // Out of the workspace is out of its rooms and meetings too, on every live connection (after
  // the reactions above, so the meetings' SHOULD_OUT_CHANNEL still reaches the person).
  await announceAccessChange(ctx, { userIds: [userId] });
}

/** An audit entry about a person in a workspace (the workspace named in its details). */
function memberEntry(
  action: 'MEMBER_KICKED' | 'MEMBER_BANNED' | 'MEMBER_UNBANNED',
  actorId: number,
  workspaceId: number,
  targetId: number,
  from: RequestOrigin,
): AuditEntry {
  return {
    action,
    actorId,
    target: { type: 'USER', id: targetId },
    details: { workspaceId },
    from,
  };
}

export async function kickMember(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  targetId: number,
  from: RequestOrigin,
): Promise<void> {
  const targetRole = await assertMayRemove(ctx, actorId, workspaceId, targetId);
  if (!targetRole) throw memberNotFound();
  const removed = await ctx.database.db.transaction((tx) =>
    removeMember(ctx, tx, workspaceId, targetId),
  );
  if (!removed) throw memberNotFound();
  await announceRemoval(ctx, workspaceId, targetId, 'KICKED');
  await recordAudit(ctx, memberEntry('MEMBER_KICKED', actorId, workspaceId, targetId, from));
}

/** Bans a member (removing them) or a former member, so they cannot join again. */
export async function banMember(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  targetId: number,
  from: RequestOrigin,
): Promise<void> {
  await assertMayRemove(ctx, actorId, workspaceId, targetId);
  if ((await repo.userNames(ctx.database.db, [targetId])).size === 0) {
    throw notFound('사용자를 찾을 수 없습니다.', ErrorCode.USER_NOT_FOUND);
  }
  await ctx.database.db.transaction(async (tx) => {
    await removeMember(ctx, tx, workspaceId, targetId);
    await repo.insertBan(tx, { workspaceId, userId: targetId, bannedBy: actorId });
  });
  await announceRemoval(ctx, workspaceId, targetId, 'BANNED');
  await recordAudit(ctx, memberEntry('MEMBER_BANNED', actorId, workspaceId, targetId, from));
}

export async function unbanMember(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
  targetId: number,
  from: RequestOrigin,
): Promise<void> {
  await requireModerator(ctx, workspaceId, actorId);
  if (!(await repo.deleteBan(ctx.database.db, workspaceId, targetId))) {
    throw notFound(M.notBanned, ErrorCode.WORKSPACE_NOT_BANNED);
  }
  await recordAudit(ctx, memberEntry('MEMBER_UNBANNED', actorId, workspaceId, targetId, from));
}

export async function listBlacklist(
  ctx: AppContext,
  actorId: number,
  workspaceId: number,
): Promise<BannedUser[]> {
  await requireModerator(ctx, workspaceId, actorId);
  const db = ctx.database.db;
  const rows = await repo.listBans(db, workspaceId);
  const adminIds = [...new Set(rows.flatMap((row) => (row.bannedById ? [row.bannedById] : [])))];
  const names = await repo.userNames(db, adminIds);
  return rows.map((row) => presentBan(row, names));
}

export async function leaveWorkspace(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<void> {
  assertMayLeave(await requireMembership(ctx, workspaceId, userId));
  await ctx.database.db.transaction((tx) => removeMember(ctx, tx, workspaceId, userId));
  await announceRemoval(ctx, workspaceId, userId, 'LEFT');
}
