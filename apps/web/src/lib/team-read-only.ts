import { createContext, useContext } from 'react';
import { canOverseeClass } from '@teamup/contracts/workspace-roles';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';

/*
 * A class's instructors and TAs read every team without being in it (issue 45), and write in
 * none: the team's tabs hide what would write (the server refuses it as well).
 */

export const TeamReadOnlyContext = createContext(false);

/** Whether the team space is shown for reading only. */
export function useTeamReadOnly(): boolean {
  return useContext(TeamReadOnlyContext);
}

/** Reads a team it is not in as a class's overseer (the owner, instructors and TAs). */
export function readsTeamAsOverseer(
  team: Pick<Team, 'isMember'>,
  workspace: Pick<Workspace, 'isClass' | 'myRole'> | undefined,
): boolean {
  return (
    !team.isMember &&
    workspace !== undefined &&
    workspace.isClass &&
    canOverseeClass(workspace.myRole)
  );
}
