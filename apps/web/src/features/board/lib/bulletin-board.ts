import type { Team } from '@teamup/contracts/teams';

/** The board of the bulletin tab: the team's bulletinBoardId, else the team id, else 1. */
export function bulletinBoardIdOf(team: Pick<Team, 'id' | 'bulletinBoardId'>): number {
  const teamId = Number(team.id);
  if (Number.isInteger(team.bulletinBoardId) && team.bulletinBoardId > 0) {
    return team.bulletinBoardId;
  }
  return Number.isInteger(teamId) && teamId > 0 ? teamId : 1;
}
