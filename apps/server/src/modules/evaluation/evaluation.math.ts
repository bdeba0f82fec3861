import {
  EvaluationLimits,
  EvaluationThresholds,
  type EvaluationFlag,
} from '@teamup/contracts/evaluation';

/*
 * The results of a peer evaluation round, team by team (decision 0047). Pure: the service reads
 * the rows, this computes. Self-ratings are left out of every peer mean and of the adjustment
 * factor; they only feed SELF_HIGH.
 */

export type Answer = { raterId: number; rateeId: number; scores: readonly number[] };

export type StudentMath = {
  userId: number;
  peerRaters: number;
  criterionMeans: (number | null)[];
  overall: number | null;
  selfOverall: number | null;
  adjustment: number | null;
  flags: EvaluationFlag[];
};

export type TeamMath = {
  teamMean: number | null;
  disagreement: number | null;
  teamDisagree: boolean;
  students: StudentMath[];
};

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Population standard deviation. */
function deviation(values: readonly number[]): number {
  const m = mean(values) ?? 0;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / values.length);
}

/** Rounded for the answer (2 decimals); the math keeps the exact values. */
export const round2 = (value: number | null) =>
  value === null ? null : Math.round(value * 100) / 100;

/**
 * One team's numbers. `studentIds`: the team's students in order; `answers`: every answer given
 * in the team; `criteria`: how many scores each answer holds.
 */
export function teamResults(
  studentIds: readonly number[],
  answers: readonly Answer[],
  criteria: number,
): TeamMath {
  const peerOf = (userId: number) =>
    answers.filter((answer) => answer.rateeId === userId && answer.raterId !== userId);
  const students = studentIds.map((userId) => {
    const peers = peerOf(userId);
    const criterionMeans = Array.from({ length: criteria }, (_, c) =>
      mean(peers.flatMap((answer) => (answer.scores[c] === undefined ? [] : [answer.scores[c]]))),
    );
    const overall = mean(peers.flatMap((answer) => answer.scores));
    const self = answers.find((answer) => answer.rateeId === userId && answer.raterId === userId);
    const selfOverall = self ? mean(self.scores) : null;
    const flags: EvaluationFlag[] = [];
    if (
      selfOverall !== null &&
      overall !== null &&
      selfOverall - overall >= EvaluationThresholds.selfHigh - 1e-9
    ) {
      flags.push('SELF_HIGH');
    }
    const given = answers.filter((answer) => answer.raterId === userId);
    const givenScores = given.flatMap((answer) => answer.scores);
    if (given.length >= 2 && new Set(givenScores).size === 1) flags.push('IDENTICAL');
    if (
      peers.length >= EvaluationLimits.minPeerRaters &&
      peers.every((answer) => (mean(answer.scores) ?? 0) <= EvaluationThresholds.lowByAll)
    ) {
      flags.push('LOW_BY_ALL');
    }
    return { userId, peers, criterionMeans, overall, selfOverall, flags };
  });
  const teamMean = mean(students.flatMap((s) => (s.overall === null ? [] : [s.overall])));
  // Per ratee with two peers or more: the mean over criteria of the peers' deviation.
  const spreads = students
    .filter((s) => s.peers.length >= 2)
    .map(
      (s) =>
        mean(
          Array.from({ length: criteria }, (_, c) =>
            deviation(s.peers.map((answer) => answer.scores[c] ?? 0)),
          ),
        ) ?? 0,
    );
  const disagreement = mean(spreads);
  return {
    teamMean,
    disagreement,
    teamDisagree: disagreement !== null && disagreement >= EvaluationThresholds.teamDisagree - 1e-9,
    students: students.map((s) => ({
      userId: s.userId,
      peerRaters: s.peers.length,
      criterionMeans: s.criterionMeans,
      overall: s.overall,
      selfOverall: s.selfOverall,
      adjustment:
        s.overall === null || teamMean === null || teamMean === 0 ? null : s.overall / teamMean,
      flags: s.flags,
    })),
  };
}

/**
 * Whom `userId` must rate in a team: its other students, and themselves when the round includes
 * self-rating.
 */
export function requiredRatees(
  studentIds: readonly number[],
  userId: number,
  includeSelf: boolean,
): number[] {
  return studentIds.filter((id) => includeSelf || id !== userId);
}

/** Whether the rater answered every required ratee of the team (nobody to rate: nothing to do). */
export function isComplete(
  studentIds: readonly number[],
  userId: number,
  includeSelf: boolean,
  answered: ReadonlySet<number>,
): boolean {
  const required = requiredRatees(studentIds, userId, includeSelf);
  return required.every((id) => answered.has(id));
}
