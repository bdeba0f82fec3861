import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { canManageWorkspace, canModerateWorkspace } from '@teamup/contracts/workspace-roles';

// parseRouteId is shared by several features' pages; it lives in lib/route-id.
export { parseRouteId } from '../../../lib/route-id';

/** Deleting a team is offered to its leader and to the workspace owner (as the server allows). */
export function canDeleteTeam(
  team: Pick<Team, 'leader'>,
  userId: number | undefined,
  workspace: Pick<Workspace, 'owner' | 'myRole'> | undefined,
): boolean {
  if (userId === undefined) return false;
  if (team.leader?.id === userId) return true;
  return (
    workspace !== undefined &&
    (canManageWorkspace(workspace.myRole) || workspace.owner.id === userId)
  );
}

/** Editing a team and removing its members: its leader, the workspace owner and admins. */
export function canManageTeam(
  team: Pick<Team, 'leader'>,
  userId: number | undefined,
  workspace: Pick<Workspace, 'owner' | 'myRole'> | undefined,
): boolean {
  if (userId === undefined) return false;
  if (team.leader?.id === userId) return true;
  if (workspace === undefined) return false;
  return canModerateWorkspace(workspace.myRole) || workspace.owner.id === userId;
}

/** Chooses who may post announcements: the team leader alone (as the server's teams.policy). */
export function canChangeAnnouncementPosting(
  team: Pick<Team, 'leader'>,
  userId: number | undefined,
): boolean {
  return userId !== undefined && team.leader?.id === userId;
}

/** Posts announcements: everyone, unless the leader keeps it to themself (the server's board.policy). */
export function canPostAnnouncements(
  team: Pick<Team, 'leader' | 'announcementPosting'>,
  userId: number | undefined,
): boolean {
  return team.announcementPosting === 'EVERYONE' || canChangeAnnouncementPosting(team, userId);
}
