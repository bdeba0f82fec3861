import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Topics } from '@teamup/contracts/events';
import {
  FormationMessages as M,
  type createFormationSchema,
  type Formation,
} from '@teamup/contracts/formation';
import type { z } from 'zod';
import {
  balancedDraw,
  diceDraw,
  ladderDraw,
  teamScores,
  voteAssignment,
  type Traits,
} from '@teamup/contracts/formation-draw';
import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { createGroupInTransaction } from '../chat/chat.service';
import { createTeamInTransaction } from '../teams/teams.service';
import { isAdminRole, memberIdsAmong, requireMembership } from '../workspaces/workspaces.service';
import * as repo from './formation.repo';

const formationNotFound = () => notFound(M.notFound, ErrorCode.FORMATION_NOT_FOUND);
const wrongState = () => conflict(ErrorCode.FORMATION_WRONG_STATE, M.wrongState);
const voteClosed = () => conflict(ErrorCode.FORMATION_WRONG_STATE, M.voteClosed);
/** A vote's deadline must leave at least this long to vote. */
const MIN_VOTE_MS = 60 * 1000;

/** Splits `people` places over `teams` as evenly as possible. */
const evenCapacities = (people: number, teams: number) =>
  Array.from(
    { length: teams },
    (_, index) => Math.floor(people / teams) + (index < people % teams ? 1 : 0),
  );

async function present(
  ctx: AppContext,
  row: repo.FormationRow,
  viewerId: number,
): Promise<Formation> {
  const profiles = await repo.profilesOf(ctx.database.db, row.participantIds);
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
  const votes = row.method === 'VOTE' ? await repo.votesOf(ctx.database.db, row.id) : [];
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

async function requireAdmin(ctx: AppContext, workspaceId: number, userId: number) {
  const role = await requireMembership(ctx, workspaceId, userId);
  if (!isAdminRole(role)) throw forbidden(M.adminOnly, ErrorCode.WORKSPACE_ADMIN_ONLY);
}

/** Everyone following the session refetches it. */
async function announce(ctx: AppContext, row: Pick<repo.FormationRow, 'id' | 'workspaceId'>) {
  await ctx.bus.publish(Topics.workspace(row.workspaceId), {
    type: 'FORMATION_UPDATED',
    workspaceId: row.workspaceId,
    formationId: row.id,
  });
}

async function load(ctx: AppContext, userId: number, id: number) {
  const row = await repo.find(ctx.database.db, id);
  if (!row) throw formationNotFound();
  await requireMembership(ctx, row.workspaceId, userId);
  return row;
}

/** The reminder before a vote's deadline: an hour before, or halfway for votes shorter than two hours. */
const REMIND_BEFORE_MS = 60 * 60 * 1000;
export function reminderTime(deadline: Date, now: Date): Date {
  const ahead = Math.min(REMIND_BEFORE_MS, (deadline.getTime() - now.getTime()) / 2);
  return new Date(deadline.getTime() - Math.max(0, ahead));
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
  if (!row.participantIds.includes(userId))
    throw forbidden(M.notParticipant, ErrorCode.FORMATION_FORBIDDEN);
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

/**
 * Draws in one transaction under the session's row lock: dice and ladder from the committed seed,
 * a vote's optimal assignment from the rankings (those who did not vote rank nothing, so they
 * take the places left, by the seeded tie-break); the seed is revealed with the result. Answers
 * the session, or null when it was no longer open (closed by someone else, or by the sweep).
 */
async function closeAndDraw(ctx: AppContext, id: number): Promise<repo.FormationRow | null> {
  return ctx.database.db.transaction(async (tx) => {
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
    const drawn = await repo.updateIf(tx, id, 'OPEN', {
      status: 'DRAWN',
      result,
      seedRevealed: true,
      traits,
      remindAt: null,
    });
    return drawn ? row : null;
  });
}

/** The draw, or closing a vote by hand (owner or admin). */
export async function draw(ctx: AppContext, userId: number, id: number): Promise<Formation> {
  const row = await load(ctx, userId, id);
  await requireAdmin(ctx, row.workspaceId, userId);
  if (row.method === 'MANUAL') throw badRequest(ErrorCode.VALIDATION_FAILED, M.wrongMethod);
  if (!(await closeAndDraw(ctx, id))) throw wrongState();
  await announce(ctx, row);
  return get(ctx, userId, id);
}

const minutesUntil = (deadline: Date, now: Date) =>
  Math.max(1, Math.ceil((deadline.getTime() - now.getTime()) / 60_000));

/**
 * One round of the deadline sweep (every instance runs it): reminds those who have not voted
 * when a vote's reminder is due, and closes every vote whose deadline has passed through the
 * same draw as a close by hand, then tells its creator. Safe on several instances at once: a
 * reminder is claimed by one conditional UPDATE, a close takes the row lock and draws once.
 */
export async function sweepDeadlines(
  ctx: AppContext,
): Promise<{ reminded: number; closed: number }> {
  const db = ctx.database.db;
  const now = ctx.now();
  let reminded = 0;
  for (const due of await repo.claimDueReminders(db, now)) {
    if (due.deadline && due.deadline <= now) continue; // closing now instead
    const voted = new Set((await repo.votesOf(db, due.id)).map((vote) => vote.userId));
    const waiting = due.participantIds.filter((id) => !voted.has(id));
    if (waiting.length === 0) continue;
    reminded += 1;
    await emitDomainEvent(ctx, {
      type: 'FORMATION_VOTE',
      stage: 'CLOSING',
      workspaceId: due.workspaceId,
      formationId: due.id,
      actorId: null,
      userIds: waiting,
      ...(due.deadline ? { minutesLeft: minutesUntil(due.deadline, now) } : {}),
    });
  }
  let closed = 0;
  for (const id of await repo.dueVotes(db, now)) {
    const row = await closeAndDraw(ctx, id);
    if (!row) continue;
    closed += 1;
    await announce(ctx, row);
    if (row.createdBy !== null) {
      await emitDomainEvent(ctx, {
        type: 'FORMATION_VOTE',
        stage: 'CLOSED',
        workspaceId: row.workspaceId,
        formationId: row.id,
        actorId: null,
        userIds: [row.createdBy],
      });
    }
  }
  return { reminded, closed };
}

/** Runs the deadline sweep on this instance every half minute until stopped. */
export class FormationDeadlines {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    intervalMs = 30_000,
  ) {
    this.timer = setInterval(() => {
      this.running = this.tick();
    }, intervalMs);
    this.timer.unref();
  }

  async tick() {
    try {
      return await sweepDeadlines(this.ctx);
    } catch (error) {
      this.ctx.logger.warn({ err: error }, 'formation deadline sweep failed');
      return { reminded: 0, closed: 0 };
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
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
    for (const [index, name] of row.teamNames.entries()) {
      const memberIds = row.participantIds.filter(
        (_, position) => row.result?.[position] === index,
      );
      const [leaderId] = memberIds;
      if (leaderId === undefined) continue;
      const teamId = await createTeamInTransaction(tx, {
        workspaceId: row.workspaceId,
        name,
        leaderId,
        memberIds,
      });
      await createGroupInTransaction(tx, {
        workspaceId: row.workspaceId,
        name,
        createdBy: userId,
        memberIds,
        now: ctx.now(),
      });
      teams.push({ teamId, memberIds });
    }
    await repo.updateIf(tx, id, 'DRAWN', {
      status: 'CONFIRMED',
      createdTeamIds: teams.map((team) => team.teamId),
    });
    return { row, teams };
  });
  if (made) {
    await announce(ctx, made.row);
    await emitDomainEvent(ctx, {
      type: 'FORMATION_CONFIRMED',
      workspaceId: made.row.workspaceId,
      teams: made.teams,
    });
  }
  return get(ctx, userId, id);
}
