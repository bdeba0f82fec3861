import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';

/** A route id segment as a positive integer; null when it is missing or not a plain number. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Deleting a team is offered to its leader and to the workspace owner (as the server allows). */
export function canDeleteTeam(
  team: Pick<Team, 'leader'>,
  userId: number | undefined,
  workspace: Pick<Workspace, 'owner' | 'myRole'> | undefined,
): boolean {
  if (userId === undefined) return false;
  if (team.leader?.id === userId) return true;
  return workspace !== undefined && (workspace.myRole === 'OWNER' || workspace.owner.id === userId);
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
  return (
    workspace.myRole === 'OWNER' || workspace.myRole === 'ADMIN' || workspace.owner.id === userId
  );
}
