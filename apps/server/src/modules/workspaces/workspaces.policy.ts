import { ErrorCode } from '@teamup/contracts/error-codes';
import { WorkspaceMessages as M, type WorkspaceRole } from '@teamup/contracts/workspaces';
import { badRequest, conflict, forbidden } from '../../platform/errors/app-error';
import {
  canManageWorkspace,
  canModerateWorkspace,
  canRunClass,
  isClassStaff,
} from '@teamup/contracts/workspace-roles';
import { ClassMessages } from '@teamup/contracts/class';

/**
 * What each workspace role may do, for every module (decision 0038). The roles are read here and
 * nowhere else: teams, chat, video, formation and search ask these capabilities, which live in
 * the contracts (workspace-roles.ts) so the web app's buttons follow the same rules. Pure functions of what the
 * caller already loaded; the services read the rows and call them, whichever channel (HTTP, STOMP)
 * the request came by.
 */

export {
  canManageWorkspace,
  canModerateWorkspace,
  canOverseeClass,
  canReadAllTeamContent,
  canRunClass,
  canWriteAllTeamContent,
  isClassStaff,
} from '@teamup/contracts/workspace-roles';

export const notWorkspaceMember = () => forbidden(M.forbidden, ErrorCode.WORKSPACE_FORBIDDEN);

export function assertCanManageWorkspace(role: WorkspaceRole): void {
  if (!canManageWorkspace(role)) throw forbidden(M.ownerOnly, ErrorCode.WORKSPACE_OWNER_ONLY);
}

export function assertCanModerateWorkspace(role: WorkspaceRole): void {
  if (!canModerateWorkspace(role)) throw forbidden(M.adminOnly, ErrorCode.WORKSPACE_ADMIN_ONLY);
}

/**
 * Who may give whom which role. The owner names admins, instructors and TAs (these two only in a
 * class); an instructor names TAs among the members and makes TAs members again; nobody changes
 * the owner or themselves.
 */
export function assertMayChangeRole(
  actor: { id: number; role: WorkspaceRole },
  target: { id: number; role: WorkspaceRole },
  newRole: WorkspaceRole,
  isClass: boolean,
): void {
  assertNotYourself(actor.id, target.id);
  if (canManageWorkspace(target.role)) {
    throw forbidden(M.ownerProtected, ErrorCode.WORKSPACE_OWNER_PROTECTED);
  }
  if (isClassStaff(newRole) && !isClass) {
    throw conflict(ErrorCode.CLASS_NOT_A_CLASS, ClassMessages.staffRolesNeedClass);
  }
  if (canManageWorkspace(actor.role)) return;
  if (isClass && canRunClass(actor.role)) {
    const namesTas = (role: WorkspaceRole) => role === 'TA' || role === 'MEMBER';
    if (namesTas(target.role) && namesTas(newRole)) return;
    throw forbidden(ClassMessages.instructorNamesTasOnly, ErrorCode.CLASS_INSTRUCTOR_ONLY);
  }
  throw forbidden(M.ownerOnly, ErrorCode.WORKSPACE_OWNER_ONLY);
}

/** Instructors and TAs oversee every team and are in none (issue 45). */
export function assertNotInTeams(inTeams: boolean): void {
  if (inTeams) throw conflict(ErrorCode.CLASS_STAFF_ONLY, ClassMessages.leaveTeamsFirst);
}

/** A ban outlives the membership: the banned person cannot join again. */
export function assertNotBanned(banned: boolean): void {
  if (banned) throw forbidden(M.banned, ErrorCode.WORKSPACE_BANNED);
}

/** Roles are changed on others: the owner cannot step down by mistake. */
export function assertNotYourself(actorId: number, targetId: number): void {
  if (targetId === actorId) throw badRequest(ErrorCode.WORKSPACE_NOT_YOURSELF, M.notYourself);
}

/**
 * Who may remove (kick, ban) whom, once the actor is known to moderate: nobody themselves, nobody
 * the owner, and only the owner an admin. `target.role` is undefined for a former member.
 */
export function assertMayRemoveMember(
  actor: { id: number; role: WorkspaceRole },
  target: { id: number; role: WorkspaceRole | undefined },
): void {
  assertNotYourself(actor.id, target.id);
  if (canManageWorkspace(target.role)) {
    throw forbidden(M.ownerProtected, ErrorCode.WORKSPACE_OWNER_PROTECTED);
  }
  if (canModerateWorkspace(target.role) && !canManageWorkspace(actor.role)) {
    throw forbidden(M.ownerOnly, ErrorCode.WORKSPACE_OWNER_ONLY);
  }
}

/** The owner cannot leave the workspace they run: they delete it instead. */
export function assertMayLeave(role: WorkspaceRole): void {
  if (canManageWorkspace(role)) {
    throw conflict(ErrorCode.WORKSPACE_OWNER_CANNOT_LEAVE, M.ownerCannotLeave);
  }
}
