import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  WorkspaceMessages as M,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@teamup/contracts/workspaces';
import type { AppContext } from '../../context';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors/app-error';
import { AccessCaches, accessCacheOf, clearAccessCaches } from '../../platform/access-cache';
import { presentMember } from './workspaces.presenter';
import * as repo from './workspaces.repo';
import {
  assertCanManageWorkspace,
  assertCanModerateWorkspace,
  assertMayChangeRole,
  assertNotInTeams,
  canManageWorkspace,
  canRunClass,
  isClassStaff,
  notWorkspaceMember,
} from './workspaces.policy';

/*
 * Who is in a workspace and with which role: the access step of every workspace-scoped call of
 * every module, the member list and role changes. What each role may do is workspaces.policy.ts.
 */

/** Co-members' profile fields, also shown by teams: other modules reach it through the service. */
export { presentMemberProfile } from './workspaces.presenter';

export const workspaceNotFound = () => notFound(M.notFound, ErrorCode.WORKSPACE_NOT_FOUND);
export const memberNotFound = () =>
  notFound(M.memberNotFound, ErrorCode.WORKSPACE_MEMBER_NOT_FOUND);

/**
 * The caller's role in the workspace; 404 when it does not exist, 403 when they are not a member.
 * Every workspace-scoped call of every module starts here.
 */
export async function requireMembership(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
  db: Db = ctx.database.db,
): Promise<WorkspaceRole> {
  // Inside a transaction the role is read there; otherwise a member's role may come from the
  // cache, which every join, role change, removal and deletion clears on every instance.
  const role =
    db === ctx.database.db
      ? await accessCacheOf<WorkspaceRole>(ctx, AccessCaches.workspaceRole).get(
          workspaceId,
          userId,
          () => repo.findRole(db, workspaceId, userId),
        )
      : await repo.findRole(db, workspaceId, userId);
  if (role) return role;
  if (!(await repo.findWorkspace(db, workspaceId))) throw workspaceNotFound();
  throw notWorkspaceMember();
}

/** The owner's operations (settings, roles, deletion); also their routes' access step (0036). */
export async function requireOwner(ctx: AppContext, workspaceId: number, userId: number) {
  assertCanManageWorkspace(await requireMembership(ctx, workspaceId, userId));
}

/**
 * Changing roles: the owner, or in a class an instructor (who names TAs); the policy says which
 * role may go to whom. Also the route's access step.
 */
export async function requireRoleChanger(ctx: AppContext, workspaceId: number, userId: number) {
  const role = await requireMembership(ctx, workspaceId, userId);
  if (canManageWorkspace(role)) return role;
  if (canRunClass(role) && (await repo.findWorkspace(ctx.database.db, workspaceId))?.isClass) {
    return role;
  }
  assertCanManageWorkspace(role);
  return role;
}

/** The moderators' operations (removals, bans); answers the caller's role. */
export async function requireModerator(ctx: AppContext, workspaceId: number, userId: number) {
  const role = await requireMembership(ctx, workspaceId, userId);
  assertCanModerateWorkspace(role);
  return role;
}

export async function listMembers(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<WorkspaceMember[]> {
  await requireMembership(ctx, workspaceId, userId);
  const rows = await repo.listMembers(ctx.database.db, workspaceId);
  return rows.map(presentMember);
}

export async function changeRole(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  targetId: number,
  role: Exclude<WorkspaceRole, 'OWNER'>,
  from: RequestOrigin,
): Promise<WorkspaceMember> {
  const actorRole = await requireRoleChanger(ctx, workspaceId, userId);
  const db = ctx.database.db;
  const workspace = await repo.findWorkspace(db, workspaceId);
  if (!workspace) throw workspaceNotFound();
  const target = await repo.findMember(db, workspaceId, targetId);
  if (!target) throw memberNotFound();
  assertMayChangeRole(
    { id: userId, role: actorRole },
    { id: targetId, role: target.role },
    role,
    workspace.isClass,
  );
  if (isClassStaff(role)) assertNotInTeams(await repo.isInAnyTeam(db, workspaceId, targetId));
  if (!(await repo.setRole(db, workspaceId, targetId, role))) throw memberNotFound();
  await clearAccessCaches(ctx, { userIds: [targetId] });
  await recordAudit(ctx, {
    action: 'WORKSPACE_ROLE_CHANGED',
    actorId: userId,
    target: { type: 'USER', id: targetId },
    details: { workspaceId, from: target.role, to: role },
    from,
  });
  const member = await repo.findMember(db, workspaceId, targetId);
  if (!member) throw memberNotFound();
  return presentMember(member);
}

/** For other modules (teams, chat): the member's profile if they belong to the workspace. */
export async function findMember(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceMember | undefined> {
  const row = await repo.findMember(ctx.database.db, workspaceId, userId);
  return row && presentMember(row);
}

/** Of `userIds`, those who belong to the workspace (chat rooms invite only them). */
export function memberIdsAmong(
  ctx: AppContext,
  workspaceId: number,
  userIds: readonly number[],
): Promise<number[]> {
  return repo.memberIdsAmong(ctx.database.db, workspaceId, userIds);
}
