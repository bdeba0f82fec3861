import { ErrorCode } from '@teamup/contracts/error-codes';
import { WorkspaceMessages as M, type WorkspaceRole } from '@teamup/contracts/workspaces';
import { badRequest, conflict, forbidden } from '../../platform/errors/app-error';

/**
 * What each workspace role may do, for every module (decision 0038). The roles are read here and
 * nowhere else: teams, chat, video, formation and search ask these capabilities, so a new role
 * (instructor, assistant) is given its powers in this file alone. Pure functions of what the
 * caller already loaded; the services read the rows and call them, whichever channel (HTTP, STOMP)
 * the request came by.
 */

/** Runs the workspace itself: settings, password, icon, roles, deletion, its teams and meetings. */
export function canManageWorkspace(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER';
}

/**
 * Keeps order among the members: removes and bans them, moderates rooms, messages and meetings,
 * runs team formations.
 */
export function canModerateWorkspace(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}

/** Reads (and searches) the content of every team, not only the teams they are in. */
export function canReadAllTeamContent(role: WorkspaceRole | undefined): boolean {
  return role === 'OWNER';
}

export const notWorkspaceMember = () => forbidden(M.forbidden, ErrorCode.WORKSPACE_FORBIDDEN);

export function assertCanManageWorkspace(role: WorkspaceRole): void {
  if (!canManageWorkspace(role)) throw forbidden(M.ownerOnly, ErrorCode.WORKSPACE_OWNER_ONLY);
}

export function assertCanModerateWorkspace(role: WorkspaceRole): void {
  if (!canModerateWorkspace(role)) throw forbidden(M.adminOnly, ErrorCode.WORKSPACE_ADMIN_ONLY);
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
