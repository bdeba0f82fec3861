import type { FormationUpdatedEvent } from '@teamup/contracts/events';
import type { Formation } from '@teamup/contracts/formation';
import { teamScores, type Traits } from '@teamup/contracts/formation-draw';
import type { FormationRow, Profile } from './formation.repo';

/** One participant's ranking of the teams (vote sessions). */
export type Vote = { userId: number; ranking: number[] };

/**
 * A session as `viewerId` sees it (their own ranking included). Participants show the traits the
 * draw used when it kept them (balanced draws), else their profile's current ones.
 */
export function presentFormation(
  row: FormationRow,
  profiles: ReadonlyMap<number, Profile>,
  votes: readonly Vote[],
  viewerId: number,
): Formation {
  const drawnWith = (row.traits as Traits[] | null) ?? null;
  const participants = row.participantIds.map((id, index) => {
    const profile = profiles.get(id);
    const traits = drawnWith?.[index] ?? profile;
    return {
      id,
      name: profile?.name ?? '',
      hashtags: traits?.hashtags ?? [],
      mbti: traits?.mbti ?? null,
      disposition: traits?.disposition ?? null,
      preferWorkstyle: traits?.preferWorkstyle ?? null,
      dislikeWorkstyle: traits?.dislikeWorkstyle ?? null,
    };
  });
  const mine = votes.find((vote) => vote.userId === viewerId);
  const ranks =
    row.method === 'VOTE' && row.result
      ? row.result.map((team, index) => {
          const vote = votes.find((candidate) => candidate.userId === row.participantIds[index]);
          const rank = vote?.ranking.indexOf(team) ?? -1;
          return rank === -1 ? null : rank;
        })
      : null;
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    method: row.method,
    status: row.status,
    participants,
    balanced: row.balanced,
    scores: row.result ? teamScores(participants, row.result, row.teamNames.length) : null,
    teamNames: row.teamNames,
    capacities: row.capacities,
    deadline: row.deadline?.toISOString() ?? null,
    seedHash: row.seedHash,
    seed: row.seedRevealed ? row.seed : null,
    result: row.result,
    ranks,
    votes: votes.length,
    voterIds: votes.map((vote) => vote.userId).sort((a, b) => a - b),
    myRanking: mine?.ranking ?? null,
    createdTeamIds: row.createdTeamIds,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The live event: ids only, everyone following the session refetches it as they may see it. */
export function formationUpdated(
  row: Pick<FormationRow, 'id' | 'workspaceId'>,
): FormationUpdatedEvent {
  return { type: 'FORMATION_UPDATED', workspaceId: row.workspaceId, formationId: row.id };
}
