import type { EvaluationAnswer, MyEvaluationTeam } from '@teamup/contracts/evaluation';

/** The form's state: per ratee a score (or none yet) per criterion, and a comment. */
export type Draft = Record<number, { scores: (number | null)[]; comment: string }>;

export function draftFrom(team: MyEvaluationTeam, criteria: number): Draft {
  const draft: Draft = {};
  for (const ratee of team.ratees) {
    const saved = team.answers.find((answer) => answer.rateeId === ratee.userId);
    draft[ratee.userId] = {
      scores: Array.from({ length: criteria }, (_, c) => saved?.scores[c] ?? null),
      comment: saved?.comment ?? '',
    };
  }
  return draft;
}

export function isDraftComplete(draft: Draft): boolean {
  return Object.values(draft).every((entry) => entry.scores.every((score) => score !== null));
}

/** The PUT's whole set (only for a complete draft). */
export function answersOf(draft: Draft): EvaluationAnswer[] {
  return Object.entries(draft).map(([rateeId, entry]) => ({
    rateeId: Number(rateeId),
    scores: entry.scores.map((score) => score ?? 0),
    comment: entry.comment.trim(),
  }));
}
