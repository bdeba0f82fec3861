import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import { FormationMessages as M } from '@teamup/contracts/formation';
import {
  balancedDraw,
  diceDraw,
  ladderDraw,
  voteAssignment,
  type Traits,
} from '@teamup/contracts/formation-draw';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors/app-error';
import { formationUpdated } from './formation.presenter';
import * as repo from './formation.repo';

export const formationNotFound = () => notFound(M.notFound, ErrorCode.FORMATION_NOT_FOUND);

/** Splits `people` places over `teams` as evenly as possible. */
export const evenCapacities = (people: number, teams: number) =>
  Array.from(
    { length: teams },
    (_, index) => Math.floor(people / teams) + (index < people % teams ? 1 : 0),
  );

/**
 * Draws in one transaction under the session's row lock: dice and ladder from the committed seed,
 * a vote's optimal assignment from the rankings (those who did not vote rank nothing, so they
 * take the places left, by the seeded tie-break); the seed is revealed with the result. Then
 * tells the session's followers. Answers the session, or null when it was no longer open (closed
 * by someone else, or by the sweep).
 */
export async function closeAndDraw(ctx: AppContext, id: number): Promise<repo.FormationRow | null> {
  const drawn = await ctx.database.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, id);
    if (!row) throw formationNotFound();
    if (row.status !== 'OPEN') return null;
    const people = row.participantIds.length;
    const teams = row.teamNames.length;
    let result: number[];
    let traits: Traits[] | null = null;
    if (row.method === 'DICE' && row.balanced) {
      const profiles = await repo.profilesOf(tx, row.participantIds);
      traits = row.participantIds.map((participant) => {
        const profile = profiles.get(participant);
        return {
          hashtags: profile?.hashtags ?? [],
          mbti: profile?.mbti ?? null,
          disposition: profile?.disposition ?? null,
          preferWorkstyle: profile?.preferWorkstyle ?? null,
          dislikeWorkstyle: profile?.dislikeWorkstyle ?? null,
        };
      });
      result = balancedDraw(row.seed, traits, teams);
    } else if (row.method === 'DICE') result = diceDraw(row.seed, people, teams).teams;
    else if (row.method === 'LADDER') result = ladderDraw(row.seed, people, teams).teams;
    else {
      const votes = await repo.votesOf(tx, id);
      const rankings = row.participantIds.map(
        (participant) => votes.find((candidate) => candidate.userId === participant)?.ranking ?? [],
      );
      result = voteAssignment(
        row.seed,
        rankings,
        row.capacities ?? evenCapacities(people, teams),
      ).options;
    }
    const updated = await repo.updateIf(tx, id, 'OPEN', {
      status: 'DRAWN',
      result,
      seedRevealed: true,
      traits,
      remindAt: null,
    });
    return updated ? row : null;
  });
  if (drawn) await ctx.bus.publish(Topics.workspace(drawn.workspaceId), formationUpdated(drawn));
  return drawn;
}
