import type { TeamRead } from '@teamup/contracts/class';
import type { Page, PageQuery } from '@teamup/contracts/common';
import type { AppContext } from '../../context';
import { assertTeamOverseeable } from './team-access.service';
import { teamReadsPage } from './team-reads.repo';

/** The team's read log, for its members and the class's staff (reading it is not logged). */
export async function listTeamReads(
  ctx: AppContext,
  userId: number,
  teamId: number,
  query: PageQuery,
): Promise<Page<TeamRead>> {
  await assertTeamOverseeable(ctx, teamId, userId, null);
  return teamReadsPage(ctx.database.db, teamId, query);
}
