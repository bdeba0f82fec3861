import { ErrorCode } from '@teamup/contracts/error-codes';
import { VideoMessages as M } from '@teamup/contracts/video';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { forbidden } from '../../platform/errors/app-error';
import { canManageWorkspace, canModerateWorkspace } from '../workspaces/workspaces.policy';

/*
 * Who may do what with a meeting channel (decision 0038), built on the workspace's roles
 * (workspaces.policy.ts). A channel's creator keeps order in it beside the workspace's moderators.
 */

/** Spec 02 section 6: deleting a meeting channel is the workspace's to decide. */
export function canDeleteChannel(role: WorkspaceRole): boolean {
  return canManageWorkspace(role);
}

/** Anyone leaves; the channel's creator and the workspace's moderators send others out. */
export function canRemoveParticipant(
  channel: { createdBy: number | null },
  actorId: number,
  role: WorkspaceRole,
  participantUserId: number,
): boolean {
  return (
    participantUserId === actorId || channel.createdBy === actorId || canModerateWorkspace(role)
  );
}

/** The meeting's mode is its creator's choice, or the workspace moderators'. */
export function canChangeMode(
  channel: { createdBy: number | null },
  actorId: number,
  role: WorkspaceRole,
): boolean {
  return channel.createdBy === actorId || canModerateWorkspace(role);
}

export function assertMayChangeMode(
  channel: { createdBy: number | null },
  actorId: number,
  role: WorkspaceRole,
): void {
  if (!canChangeMode(channel, actorId, role)) {
    throw forbidden(M.modeForbidden, ErrorCode.VIDEO_MODE_FORBIDDEN);
  }
}

export const notParticipant = () => forbidden(M.notParticipant, ErrorCode.VIDEO_NOT_PARTICIPANT);

export function assertMayDeleteChannel(role: WorkspaceRole): void {
  if (!canDeleteChannel(role)) throw forbidden(M.ownerOnly, ErrorCode.VIDEO_OWNER_ONLY);
}

export function assertMayRemoveParticipant(
  channel: { createdBy: number | null },
  actorId: number,
  role: WorkspaceRole,
  participantUserId: number,
): void {
  if (!canRemoveParticipant(channel, actorId, role, participantUserId)) {
    throw forbidden(M.removeForbidden, ErrorCode.VIDEO_REMOVE_FORBIDDEN);
  }
}
