import { ClassMessages as M } from '@teamup/contracts/class';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { requireMembership, workspaceNotFound } from './membership.service';
import { canOverseeClass, canRunClass } from './workspaces.policy';
import * as repo from './workspaces.repo';

/*
 * The access step of every class feature (issue 45): the workspace is a class, the caller is in
 * it, and their role gives the capability the feature needs (workspaces.policy.ts).
 */

const notAClass = () => notFound(M.notAClass, ErrorCode.CLASS_NOT_A_CLASS);

/** The caller is a member of a workspace that is a class; answers their role. */
export async function requireClassMember(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceRole> {
  const role = await requireMembership(ctx, workspaceId, userId);
  const workspace = await repo.findWorkspace(ctx.database.db, workspaceId);
  if (!workspace) throw workspaceNotFound();
  if (!workspace.isClass) throw notAClass();
  return role;
}

/** Instructors and TAs (and the owner): the overview, every team's evidence and results. */
export async function requireClassOverseer(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceRole> {
  const role = await requireClassMember(ctx, workspaceId, userId);
  if (!canOverseeClass(role)) throw forbidden(M.staffOnly, ErrorCode.CLASS_STAFF_ONLY);
  return role;
}

/** Instructors (and the owner): opening and releasing evaluation rounds, naming staff. */
export async function requireClassRunner(
  ctx: AppContext,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceRole> {
  const role = await requireClassMember(ctx, workspaceId, userId);
  if (!canRunClass(role)) throw forbidden(M.instructorOnly, ErrorCode.CLASS_INSTRUCTOR_ONLY);
  return role;
}

/** Whether the workspace is a class (no access check: the caller already passed one). */
export async function isClassWorkspace(ctx: AppContext, workspaceId: number): Promise<boolean> {
  return (await repo.findWorkspace(ctx.database.db, workspaceId))?.isClass === true;
}
