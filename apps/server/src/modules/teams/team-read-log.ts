import type { TeamReadArea } from '@teamup/contracts/class';
import type { AppContext } from '../../context';
import { insertTeamReads } from './team-reads.repo';
import { ModuleStateKey } from '../../platform/module-state';

/*
 * Class mode's transparency (issue 45): an instructor or TA reads a team they are not in, and the
 * team can see that they did. A page opens several reads of one area at once, and a reader goes
 * back and forth: one row per reader, team and area in `LOG_EVERY_MS` is the record kept.
 */

const LOG_EVERY_MS = 10 * 60_000;

export const teamReadLogState = new ModuleStateKey(
  'team-read-log',
  () => new Map<string, number>(),
);

/** Records that `readerId` read `area` of the team, unless this instance did so lately. */
export async function logTeamRead(
  ctx: AppContext,
  read: { workspaceId: number; teamId: number; readerId: number; area: TeamReadArea },
): Promise<void> {
  await logTeamReads(ctx, [read]);
}

/** Records several reads in one statement (a class-wide export reads every team at once). */
export async function logTeamReads(
  ctx: AppContext,
  reads: Array<{ workspaceId: number; teamId: number; readerId: number; area: TeamReadArea }>,
): Promise<void> {
  const lastLogged = ctx.moduleState.get(teamReadLogState);
  const now = ctx.now().getTime();
  const due = reads.filter((read) => {
    const key = `${read.readerId}:${read.teamId}:${read.area}`;
    const last = lastLogged.get(key);
    if (last !== undefined && now - last < LOG_EVERY_MS) return false;
    lastLogged.set(key, now);
    return true;
  });
  if (lastLogged.size > 10_000) lastLogged.clear();
  await insertTeamReads(
    ctx.database.db,
    due.map((read) => ({ ...read, readAt: new Date(now) })),
  );
}
