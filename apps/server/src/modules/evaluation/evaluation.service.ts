import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  EvaluationLimits,
  EvaluationMessages as M,
  type CreateEvaluation,
  type EvaluationDetail,
  type EvaluationFeedback,
  type EvaluationList,
  type EvaluationResults,
  type EvaluationRound,
  type EvaluationTeamCompletion,
  type MyEvaluationTeam,
  type SaveEvaluationResponses,
  type UpdateEvaluation,
} from '@teamup/contracts/evaluation';
import type { WorkspaceRole } from '@teamup/contracts/workspaces';
import { seoulDayOf } from '@teamup/contracts/contribution';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import {
  requireClassMember,
  requireClassOverseer,
  requireClassRunner,
} from '../workspaces/class-access.service';
import { canOverseeClass, canRunClass } from '../workspaces/workspaces.policy';
import {
  cancelReminders,
  cancelRoundJobs,
  scheduleReleasedNotice,
  syncRoundJobs,
} from './evaluation-jobs';
import { isComplete, requiredRatees, round2, teamResults } from './evaluation.math';
import {
  person,
  presentRound,
  presentTeamResult,
  resultsCsv,
  statusOf,
} from './evaluation.presenter';
import * as repo from './evaluation.repo';
import { classEvidence } from '../contribution/contribution.service';

/*
 * Peer evaluation rounds (issue 45, decision 0047). Staff (requireClassOverseer) read everything;
 * instructors (requireClassRunner) open, change and release rounds; a student rates in the teams
 * they are in and reads only their own answers and, once released, their own aggregate. Nothing a
 * student receives names who rated them or shows one rater's scores: no live event is published,
 * notifications name only the round, and the aggregate is withheld below two peer raters.
 */

const roundNotFound = () => notFound(M.notFound, ErrorCode.EVALUATION_NOT_FOUND);

async function loadRound(ctx: AppContext, roundId: number): Promise<repo.RoundRow> {
  const round = await repo.findRound(ctx.database.db, roundId);
  if (!round) throw roundNotFound();
  return round;
}

/** The round and the caller's role in its class (a member of it). */
export async function roundForMember(ctx: AppContext, roundId: number, userId: number) {
  const round = await loadRound(ctx, roundId);
  const role = await requireClassMember(ctx, round.workspaceId, userId);
  // A round not yet open is the staff's draft: students do not learn it exists.
  if (!canOverseeClass(role) && statusOf(round, ctx.now()) === 'UPCOMING') throw roundNotFound();
  return { round, role };
}

export async function roundForOverseer(ctx: AppContext, roundId: number, userId: number) {
  const round = await loadRound(ctx, roundId);
  await requireClassOverseer(ctx, round.workspaceId, userId);
  return round;
}

export async function roundForRunner(ctx: AppContext, roundId: number, userId: number) {
  const round = await loadRound(ctx, roundId);
  await requireClassRunner(ctx, round.workspaceId, userId);
  return round;
}

type Team = { teamId: number; teamName: string; students: repo.StudentRow[] };

function teamsOf(students: repo.StudentRow[]): Team[] {
  const teams = new Map<number, Team>();
  for (const student of students) {
    const team = teams.get(student.teamId) ?? {
      teamId: student.teamId,
      teamName: student.teamName,
      students: [],
    };
    team.students.push(student);
    teams.set(student.teamId, team);
  }
  return [...teams.values()];
}

/** Who finished each team (rater ids). */
function doneIn(team: Team, responses: repo.ResponseRow[], includeSelf: boolean): Set<number> {
  const ids = team.students.map((s) => s.userId);
  const done = new Set<number>();
  for (const userId of ids) {
    const answered = new Set(
      responses
        .filter((r) => r.teamId === team.teamId && r.raterId === userId)
        .map((r) => r.rateeId),
    );
    if (isComplete(ids, userId, includeSelf, answered)) done.add(userId);
  }
  return done;
}

async function roundState(ctx: AppContext, round: repo.RoundRow) {
  const db = ctx.database.db;
  const teams = teamsOf(await repo.classStudents(db, round.workspaceId));
  const responses = await repo.responsesOfRound(db, round.id);
  return { teams, responses };
}

const viewerOf = (role: WorkspaceRole): 'STAFF' | 'STUDENT' =>
  canOverseeClass(role) ? 'STAFF' : 'STUDENT';

// --- rounds ------------------------------------------------------------------------------------

export async function listRounds(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<EvaluationList> {
  const role = await requireClassMember(ctx, workspaceId, userId);
  const db = ctx.database.db;
  const now = ctx.now();
  const viewer = viewerOf(role);
  const rounds = (await repo.listRounds(db, workspaceId)).filter(
    (round) => viewer === 'STAFF' || statusOf(round, now) !== 'UPCOMING',
  );
  const answered = await repo.roundsWithResponses(
    db,
    rounds.map((round) => round.id),
  );
  const teams = teamsOf(await repo.classStudents(db, workspaceId));
  const items = [];
  for (const round of rounds) {
    const responses = answered.has(round.id) ? await repo.responsesOfRound(db, round.id) : [];
    let done = 0;
    let total = 0;
    for (const team of teams) {
      const finished = doneIn(team, responses, round.includeSelf);
      if (viewer === 'STAFF') {
        done += finished.size;
        total += team.students.length;
      } else if (team.students.some((s) => s.userId === userId)) {
        total += 1;
        if (finished.has(userId)) done += 1;
      }
    }
    items.push({
      ...presentRound(round, now, answered.has(round.id)),
      progress: { done, total },
    });
  }
  return { viewer, canRun: canRunClass(role), rounds: items };
}

function assertFutureClose(ctx: AppContext, closesAt: Date) {
  if (closesAt.getTime() <= ctx.now().getTime()) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.closeInPast, [
      { field: 'closesAt', message: M.closeInPast },
    ]);
  }
}

export async function createRound(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  input: CreateEvaluation,
): Promise<EvaluationRound> {
  await requireClassRunner(ctx, workspaceId, userId);
  const closesAt = new Date(input.closesAt);
  assertFutureClose(ctx, closesAt);
  const round = await ctx.database.db.transaction(async (tx) => {
    const row = await repo.insertRound(tx, {
      workspaceId,
      title: input.title,
      description: input.description,
      criteria: input.criteria,
      includeSelf: input.includeSelf,
      opensAt: new Date(input.opensAt),
      closesAt,
      createdBy: userId,
    });
    await syncRoundJobs(ctx, tx, row);
    return row;
  });
  return presentRound(round, ctx.now(), false);
}

export async function updateRound(
  ctx: AppContext,
  userId: number,
  roundId: number,
  input: UpdateEvaluation,
): Promise<EvaluationRound> {
  const round = await roundForRunner(ctx, roundId, userId);
  const now = ctx.now();
  if (statusOf(round, now) === 'CLOSED')
    throw conflict(ErrorCode.EVALUATION_LOCKED, M.closedCannotChange);
  const answered = (await repo.roundsWithResponses(ctx.database.db, [roundId])).has(roundId);
  if (
    answered &&
    (input.criteria !== undefined || input.includeSelf !== undefined || input.opensAt !== undefined)
  ) {
    throw conflict(ErrorCode.EVALUATION_LOCKED, M.lockedAfterResponses);
  }
  const opensAt = input.opensAt ? new Date(input.opensAt) : round.opensAt;
  const closesAt = input.closeNow
    ? now
    : input.closesAt
      ? new Date(input.closesAt)
      : round.closesAt;
  if (!input.closeNow && input.closesAt !== undefined) assertFutureClose(ctx, closesAt);
  if (closesAt.getTime() <= opensAt.getTime() && !input.closeNow) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.closeBeforeOpen, [
      { field: 'closesAt', message: M.closeBeforeOpen },
    ]);
  }
  const updated = await ctx.database.db.transaction(async (tx) => {
    const row = await repo.updateRound(tx, roundId, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.criteria !== undefined ? { criteria: input.criteria } : {}),
      ...(input.includeSelf !== undefined ? { includeSelf: input.includeSelf } : {}),
      // Closing early before the opening: it opens and closes at once, never to run.
      opensAt: input.closeNow && opensAt.getTime() > now.getTime() ? now : opensAt,
      closesAt,
    });
    if (statusOf(row, now) === 'CLOSED') await cancelReminders(ctx, tx, roundId);
    else await syncRoundJobs(ctx, tx, row);
    return row;
  });
  return presentRound(updated, now, answered);
}

export async function deleteRound(ctx: AppContext, userId: number, roundId: number): Promise<void> {
  await roundForRunner(ctx, roundId, userId);
  if ((await repo.roundsWithResponses(ctx.database.db, [roundId])).has(roundId)) {
    throw conflict(ErrorCode.EVALUATION_LOCKED, M.lockedAfterResponses);
  }
  await ctx.database.db.transaction(async (tx) => {
    await cancelRoundJobs(ctx, tx, roundId);
    await repo.deleteRound(tx, roundId);
  });
}

export async function releaseRound(
  ctx: AppContext,
  userId: number,
  roundId: number,
): Promise<EvaluationRound> {
  const round = await roundForRunner(ctx, roundId, userId);
  const now = ctx.now();
  if (statusOf(round, now) !== 'CLOSED') {
    throw conflict(ErrorCode.EVALUATION_NOT_CLOSED, M.releaseBeforeClose);
  }
  if (round.releasedAt !== null) throw conflict(ErrorCode.EVALUATION_NOT_CLOSED, M.alreadyReleased);
  const released = await ctx.database.db.transaction(async (tx) => {
    const row = await repo.updateRound(tx, roundId, { releasedAt: now });
    await scheduleReleasedNotice(ctx, tx, roundId);
    return row;
  });
  const answered = (await repo.roundsWithResponses(ctx.database.db, [roundId])).has(roundId);
  return presentRound(released, now, answered);
}

// --- a round as its viewer sees it ---------------------------------------------------------------

function myTeams(
  teams: Team[],
  responses: repo.ResponseRow[],
  round: repo.RoundRow,
  userId: number,
): MyEvaluationTeam[] {
  return teams
    .filter((team) => team.students.some((s) => s.userId === userId))
    .map((team) => {
      const ids = team.students.map((s) => s.userId);
      const required = new Set(requiredRatees(ids, userId, round.includeSelf));
      // Only the caller's own answers: never another rater's.
      const mine = responses.filter((r) => r.teamId === team.teamId && r.raterId === userId);
      const answered = new Set(mine.map((r) => r.rateeId));
      const submitted = mine.map((r) => r.submittedAt.getTime());
      return {
        teamId: team.teamId,
        teamName: team.teamName,
        ratees: team.students
          .filter((s) => required.has(s.userId))
          .map((s) => ({ ...person(s), isSelf: s.userId === userId })),
        answers: mine.map((r) => ({ rateeId: r.rateeId, scores: r.scores, comment: r.comment })),
        complete: isComplete(ids, userId, round.includeSelf, answered),
        submittedAt: submitted.length > 0 ? new Date(Math.max(...submitted)).toISOString() : null,
      };
    });
}

function completionOf(
  teams: Team[],
  responses: repo.ResponseRow[],
  includeSelf: boolean,
): EvaluationTeamCompletion[] {
  return teams.map((team) => {
    const done = doneIn(team, responses, includeSelf);
    return {
      teamId: team.teamId,
      teamName: team.teamName,
      students: team.students.map((s) => ({ ...person(s), done: done.has(s.userId) })),
    };
  });
}

async function detailOf(
  ctx: AppContext,
  round: repo.RoundRow,
  role: WorkspaceRole,
  userId: number,
): Promise<EvaluationDetail> {
  const { teams, responses } = await roundState(ctx, round);
  const viewer = viewerOf(role);
  return {
    round: presentRound(round, ctx.now(), responses.length > 0),
    viewer,
    canRun: canRunClass(role),
    myTeams: myTeams(teams, responses, round, userId),
    completion: viewer === 'STAFF' ? completionOf(teams, responses, round.includeSelf) : null,
  };
}

export async function getRound(
  ctx: AppContext,
  userId: number,
  roundId: number,
): Promise<EvaluationDetail> {
  const { round, role } = await roundForMember(ctx, roundId, userId);
  return detailOf(ctx, round, role, userId);
}

/** The access step of the rating route: a student of that team, in the round's class. */
export async function studentOfTeam(
  ctx: AppContext,
  roundId: number,
  teamId: number,
  userId: number,
) {
  const { round, role } = await roundForMember(ctx, roundId, userId);
  const students = await repo.classStudents(ctx.database.db, round.workspaceId);
  const team = students.filter((s) => s.teamId === teamId);
  if (!team.some((s) => s.userId === userId)) {
    throw forbidden(M.notAStudent, ErrorCode.EVALUATION_NOT_A_STUDENT);
  }
  return { round, role, team };
}

export async function saveResponses(
  ctx: AppContext,
  userId: number,
  roundId: number,
  teamId: number,
  input: SaveEvaluationResponses,
): Promise<EvaluationDetail> {
  const { round, role, team } = await studentOfTeam(ctx, roundId, teamId, userId);
  if (statusOf(round, ctx.now()) !== 'OPEN')
    throw conflict(ErrorCode.EVALUATION_NOT_OPEN, M.notOpen);
  const ids = team.map((s) => s.userId);
  const required = new Set(requiredRatees(ids, userId, round.includeSelf));
  const field = (index: number, message: string) =>
    badRequest(ErrorCode.VALIDATION_FAILED, message, [{ field: `responses.${index}`, message }]);
  input.responses.forEach((answer, index) => {
    if (answer.rateeId === userId && !round.includeSelf) throw field(index, M.selfNotIncluded);
    if (!required.has(answer.rateeId)) throw field(index, M.notATeammate);
    if (answer.scores.length !== round.criteria.length) throw field(index, M.scoreCountMismatch);
  });
  if (input.responses.length !== required.size) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, M.missingTeammates, [
      { field: 'responses', message: M.missingTeammates },
    ]);
  }
  await ctx.database.db.transaction(async (tx) => {
    await repo.replaceResponses(
      tx,
      { roundId, teamId, raterId: userId },
      input.responses.map((answer) => ({
        rateeId: answer.rateeId,
        scores: answer.scores,
        comment: answer.comment,
      })),
      ctx.now(),
    );
  });
  const detail = await detailOf(ctx, round, role, userId);
  // Everyone finished: nobody is left to remind.
  const { teams, responses } = await roundState(ctx, round);
  if (teams.every((t) => doneIn(t, responses, round.includeSelf).size === t.students.length)) {
    await cancelReminders(ctx, ctx.database.db, roundId);
  }
  return detail;
}

// --- results (staff) and feedback (the student's own) -----------------------------------------

async function computeResults(ctx: AppContext, round: repo.RoundRow, userId: number) {
  const { teams, responses } = await roundState(ctx, round);
  const names = new Map<number, string>();
  for (const team of teams) for (const s of team.students) names.set(s.userId, s.name);
  const until = seoulDayOf(Math.min(round.closesAt.getTime(), ctx.now().getTime()));
  const evidence = await classEvidence(ctx, userId, round.workspaceId, until);
  return teams.map((team) => {
    const own = responses.filter((r) => r.teamId === team.teamId);
    const math = teamResults(
      team.students.map((s) => s.userId),
      own,
      round.criteria.length,
    );
    return presentTeamResult({
      teamId: team.teamId,
      teamName: team.teamName,
      students: team.students,
      done: doneIn(team, responses, round.includeSelf),
      math,
      responses: own,
      names,
      evidence: evidence.get(team.teamId) ?? { from: until, to: until, numbers: new Map() },
    });
  });
}

export async function getResults(
  ctx: AppContext,
  userId: number,
  roundId: number,
): Promise<EvaluationResults> {
  const round = await roundForOverseer(ctx, roundId, userId);
  const teams = await computeResults(ctx, round, userId);
  const answered = teams.some((team) => team.responses.length > 0);
  return { round: presentRound(round, ctx.now(), answered), teams };
}

export async function getResultsCsv(
  ctx: AppContext,
  userId: number,
  roundId: number,
): Promise<{ csv: string; roundId: number }> {
  const round = await roundForOverseer(ctx, roundId, userId);
  return { csv: resultsCsv(round, await computeResults(ctx, round, userId)), roundId };
}

export async function getFeedback(
  ctx: AppContext,
  userId: number,
  roundId: number,
): Promise<EvaluationFeedback> {
  const { round } = await roundForMember(ctx, roundId, userId);
  const base = { roundId, criteria: round.criteria };
  if (round.releasedAt === null) return { ...base, released: false, teams: [] };
  const { teams, responses } = await roundState(ctx, round);
  const mine = teams.filter((team) => team.students.some((s) => s.userId === userId));
  return {
    ...base,
    released: true,
    teams: mine.map((team) => {
      const own = responses.filter((r) => r.teamId === team.teamId);
      const math = teamResults(
        team.students.map((s) => s.userId),
        own,
        round.criteria.length,
      ).students.find((s) => s.userId === userId);
      const peerRaters = math?.peerRaters ?? 0;
      const withheld = peerRaters < EvaluationLimits.minPeerRaters;
      const comments = own
        .filter((r) => r.rateeId === userId && r.raterId !== userId && r.comment !== '')
        .map((r) => r.comment)
        // Sorted by their text, never in the raters' order.
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return {
        teamId: team.teamId,
        teamName: team.teamName,
        peerRaters,
        withheld,
        criterionMeans: withheld ? [] : (math?.criterionMeans ?? []).map(round2),
        overall: withheld ? null : round2(math?.overall ?? null),
        adjustment: withheld ? null : round2(math?.adjustment ?? null),
        comments: withheld ? [] : comments,
      };
    }),
  };
}
