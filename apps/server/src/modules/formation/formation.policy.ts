import { ErrorCode } from '@teamup/contracts/error-codes';
import { FormationMessages as M } from '@teamup/contracts/formation';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { forbidden } from '../../platform/errors/app-error';
import { canModerateWorkspace } from '../workspaces/workspaces.policy';

/*
 * Who may do what in a team formation (decision 0038): the workspace's moderators
 * (workspaces.policy.ts) run it, its participants vote.
 */

/** Opens, closes, draws and confirms a formation. */
export function canRunFormation(role: WorkspaceRole): boolean {
  return canModerateWorkspace(role);
}

export function assertMayRunFormation(role: WorkspaceRole): void {
  if (!canRunFormation(role)) throw forbidden(M.adminOnly, ErrorCode.WORKSPACE_ADMIN_ONLY);
}

/** Only those the formation was opened for rank its teams. */
export function assertParticipant(
  formation: { participantIds: readonly number[] },
  userId: number,
): void {
  if (!formation.participantIds.includes(userId)) {
    throw forbidden(M.notParticipant, ErrorCode.FORMATION_FORBIDDEN);
  }
}
