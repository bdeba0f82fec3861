import { ErrorCode } from '@teamup/contracts/error-codes';
import { searchMessages } from '@teamup/contracts/search';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { forbidden } from '../../platform/errors/app-error';
import { canReadAllTeamContent } from '../workspaces/workspaces.policy';

/*
 * What a search may reach (decision 0038): the workspace's shared content, and the content of the
 * teams the caller reads as the team-content rule says (their teams, or every team for the roles
 * workspaces.policy.ts lets read them all).
 */

/** Searches every team's content, not only the teams they are in. */
export function searchesAllTeams(role: WorkspaceRole): boolean {
  return canReadAllTeamContent(role);
}

/** A search narrowed to one team reaches only a team the caller reads. */
export function assertTeamSearchable(readableTeamIds: readonly number[], teamId: number): void {
  if (!readableTeamIds.includes(teamId)) {
    throw forbidden(searchMessages.teamNotReadable, ErrorCode.TEAM_NOT_MEMBER);
  }
}
