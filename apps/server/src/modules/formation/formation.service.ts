import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import {
  FormationMessages as M,
  type createFormationSchema,
  type Formation,
} from '@teamup/contracts/formation';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import { badRequest, conflict } from '../../platform/errors/app-error';
import { announceTeamRoom, createTeamInTransaction, type MadeTeam } from '../teams/teams.service';
import { memberIdsAmong, requireMembership } from '../workspaces/membership.service';
import { assertMayRunFormation, assertParticipant } from './formation.policy';
import { FormationDeadlines, reminderTime, sweepDeadlines } from './formation-deadlines';
import { closeAndDraw, evenCapacities, formationNotFound } from './formation-draw';
import { formationUpdated, presentFormation } from './formation.presenter';
import * as repo from './formation.repo';

// Sessions: making, voting, drawing by hand, manual results and confirming. The draw itself is in
// formation-draw.ts and the deadline sweep in formation-deadlines.ts, reachable from here.
export { FormationDeadlines, reminderTime, sweepDeadlines };

const wrongState = () => conflict(ErrorCode.FORMATION_WRONG_STATE, M.wrongState);
const voteClosed = () => conflict(ErrorCode.FORMATION_WRONG_STATE, M.voteClosed);
/** A vote's deadline must leave at least this long to vote. */
const MIN_VOTE_MS = 60 * 1000;

/** The session as `viewerId` sees it: participants' names and traits, and the votes so far. */
async function present(
  ctx: AppContext,
  row: repo.FormationRow,
  viewerId: number,
): Promise<Formation> {
  const profiles = await repo.profilesOf(ctx.database.db, row.participantIds);
  const votes = row.method === 'VOTE' ? await repo.votesOf(ctx.database.db, row.id) : [];
  return presentFormation(row, profiles, votes, viewerId);
}

async function requireAdmin(ctx: AppContext, workspaceId: number, userId: number) {
  assertMayRunFormation(await requireMembership(ctx, workspaceId, userId));
}

/** Everyone following the session refetches it. */
async function announce(ctx: AppContext, row: Pick<repo.FormationRow, 'id' | 'workspaceId'>) {
  await ctx.bus.publish(Topics.workspace(row.workspaceId), formationUpdated(row));
}

/** The session, for a member of its workspace (also the access step of its routes, 0036). */
export async function load(ctx: AppContext, userId: number, id: number) {
  const row = await repo.find(ctx.database.db, id);
  if (!row) throw formationNotFound();
  await requireMembership(ctx, row.workspaceId, userId);
  return row;
}

/**
 * A new session (owner or admin): participants must be workspace members and more than the
 * teams. The seed is drawn now with a cryptographic source; only its hash is shown until the draw.
 */
export async function create(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: z.output<typeof createFormationSchema>,
): Promise<Formation> {
  await requireAdmin(ctx, workspaceId, userId);
  const participantIds = [...new Set(input.participantIds)];
  const valid = await memberIdsAmong(ctx, workspaceId, participantIds);
  if (valid.length !== participantIds.length) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.notMembers);
  }
  if (participantIds.length < input.teamCount) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.tooFewPeople);
  }
  const teamNames =
    input.teamNames ?? Array.from({ length: input.teamCount }, (_, index) => `팀 ${index + 1}`);
  if (teamNames.length !== input.teamCount) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.teamNamesCount);
  }
  const capacities =
    input.method === 'VOTE'
      ? (input.capacities ?? evenCapacities(participantIds.length, input.teamCount))
      : null;
  if (
    capacities &&
    (capacities.length !== input.teamCount ||
      capacities.reduce((sum, value) => sum + value, 0) < participantIds.length)
  ) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.capacityTooSmall);
  }
  const deadline = input.method === 'VOTE' && input.deadline ? new Date(input.deadline) : null;
  if (deadline && deadline.getTime() <= ctx.now().getTime() + MIN_VOTE_MS) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.deadlinePast);
  }
  const seed = randomBytes(32).toString('hex');
  const row = await repo.insert(ctx.database.db, {
    workspaceId,
    createdBy: userId,
    method: input.method,
    participantIds,
    teamNames,
    capacities,
    deadline,
    remindAt: deadline ? reminderTime(deadline, ctx.now()) : null,
    balanced: Boolean(input.balanced) && (input.method === 'DICE' || input.method === 'MANUAL'),
    seed,
    seedHash: createHash('sha256').update(seed).digest('hex'),
  });
  await announce(ctx, row);
  if (row.method === 'VOTE') {
    await emitDomainEvent(ctx, {
      type: 'FORMATION_VOTE',
      stage: 'OPENED',
      workspaceId,
      formationId: row.id,
      actorId: userId,
      userIds: participantIds,
    });
  }
  return present(ctx, row, userId);
}

export async function list(ctx: AppContext, userId: number, workspaceId: number) {
  await requireMembership(ctx, workspaceId, userId);
  const rows = await repo.listByWorkspace(ctx.database.db, workspaceId);
  return Promise.all(rows.map((row) => present(ctx, row, userId)));
}

export async function get(ctx: AppContext, userId: number, id: number): Promise<Formation> {
  return present(ctx, await load(ctx, userId, id), userId);
}

/** A participant ranks the teams (vote only, while open and before the deadline). */
export async function vote(
  ctx: AppContext,
  userId: number,
  id: number,
  ranking: number[],
): Promise<Formation> {
  const row = await load(ctx, userId, id);
  if (row.method !== 'VOTE') throw badRequest(ErrorCode.VALIDATION_FAILED, M.wrongMethod);
  assertParticipant(row, userId);
  const isOpen = (current: repo.FormationRow) =>
    current.status === 'OPEN' && !(current.deadline && current.deadline <= ctx.now());
  if (!isOpen(row)) throw voteClosed();
  const valid =
    new Set(ranking).size === ranking.length &&
    ranking.every((option) => option >= 0 && option < row.teamNames.length);
  if (!valid) throw badRequest(ErrorCode.VALIDATION_FAILED, M.badRanking);
  // Under a shared lock on the session: a close (which takes it exclusively) either counts this
  // vote or comes first, and then the vote is refused; a vote is never saved but left out.
  await ctx.database.db.transaction(async (tx) => {
    const current = await repo.findForShare(tx, id);
    if (!current || !isOpen(current)) throw voteClosed();
    await repo.saveVote(tx, id, userId, ranking);
  });
  await announce(ctx, row);
  return present(ctx, row, userId);
}

/** The draw, or closing a vote by hand (owner or admin). */
export async function draw(ctx: AppContext, userId: number, id: number): Promise<Formation> {
  const row = await load(ctx, userId, id);
  await requireAdmin(ctx, row.workspaceId, userId);
  if (row.method === 'MANUAL') throw badRequest(ErrorCode.VALIDATION_FAILED, M.wrongMethod);
  if (!(await closeAndDraw(ctx, id))) throw wrongState(); // the draw tells the followers
  return get(ctx, userId, id);
}

/** Manual (owner or admin): the team of each participant, set by hand (dragged on the screen). */
export async function setManual(
  ctx: AppContext,
  userId: number,
  id: number,
  result: number[],
): Promise<Formation> {
  const row = await load(ctx, userId, id);
  await requireAdmin(ctx, row.workspaceId, userId);
  if (row.method !== 'MANUAL') throw badRequest(ErrorCode.VALIDATION_FAILED, M.wrongMethod);
  const valid =
    result.length === row.participantIds.length &&
    result.every((team) => team >= 0 && team < row.teamNames.length);
  if (!valid) throw badRequest(ErrorCode.VALIDATION_FAILED, M.badManual);
  const updated =
    (await repo.updateIf(ctx.database.db, id, 'OPEN', { status: 'DRAWN', result })) ||
    (await repo.updateIf(ctx.database.db, id, 'DRAWN', { result }));
  if (!updated) throw wrongState();
  await announce(ctx, row);
  return get(ctx, userId, id);
}

/**
 * Confirm (owner or admin): in one transaction the teams are made with their members (the first
 * member of each leads it) and each gets its group chat room. The session row is locked, so two
 * confirms at once make the teams once; the second answers the same teams.
 */
export async function confirm(ctx: AppContext, userId: number, id: number): Promise<Formation> {
  const first = await load(ctx, userId, id);
  await requireAdmin(ctx, first.workspaceId, userId);
  const made = await ctx.database.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, id);
    if (!row) throw formationNotFound();
    if (row.status === 'CONFIRMED') return null;
    if (row.status !== 'DRAWN' || !row.result) throw wrongState();
    const teams: Array<{ teamId: number; memberIds: number[] }> = [];
    const rooms: MadeTeam[] = [];
    for (const [index, name] of row.teamNames.entries()) {
      const memberIds = row.participantIds.filter(
        (_, position) => row.result?.[position] === index,
      );
      const [leaderId] = memberIds;
      if (leaderId === undefined) continue;
      const made = await createTeamInTransaction(ctx, tx, {
        workspaceId: row.workspaceId,
        name,
        leaderId,
        memberIds,
        roomCreatedBy: userId,
      });
      teams.push({ teamId: made.teamId, memberIds });
      rooms.push(made);
    }
    await repo.updateIf(tx, id, 'DRAWN', {
      status: 'CONFIRMED',
      createdTeamIds: teams.map((team) => team.teamId),
    });
    return { row, teams, rooms };
  });
  if (made) {
    for (const room of made.rooms) await announceTeamRoom(ctx, room);
    await announce(ctx, made.row);
    await emitDomainEvent(ctx, {
      type: 'FORMATION_CONFIRMED',
      workspaceId: made.row.workspaceId,
      teams: made.teams,
    });
  }
  return get(ctx, userId, id);
}
