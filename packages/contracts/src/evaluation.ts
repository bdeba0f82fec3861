import { z } from 'zod';
import { dateRangeMessage, idSchema, isSupportedDate } from './common';
import { endpoint } from './endpoint';
import { contributionMemberSchema } from './contribution';

/*
 * Peer evaluation (issue 45): an instructor opens a round for every team of a class; each student
 * rates every teammate (and themselves when the round says so) on each criterion, 1 to 5. Staff
 * read everything; a student reads only their own aggregated feedback once it is released, and
 * never who rated whom nor a single rater's scores (decision 0047).
 */

export const EvaluationLimits = {
  titleMax: 100,
  descriptionMax: 2000,
  criterionTitleMax: 60,
  criterionDescriptionMax: 300,
  criteriaMin: 1,
  criteriaMax: 10,
  commentMax: 1000,
  scoreMin: 1,
  scoreMax: 5,
  responsesMax: 50,
  /** Fewer peers than this and a student's aggregate is withheld (one rater would show through). */
  minPeerRaters: 2,
} as const;

/** The 1–5 scale's labels. */
export const EvaluationScale = {
  1: '매우 부족',
  2: '부족',
  3: '보통',
  4: '우수',
  5: '매우 우수',
} as const satisfies Record<1 | 2 | 3 | 4 | 5, string>;

/**
 * The flags of the results (decision 0047): SELF_HIGH — self-rating ≥ 1.0 above the peers' mean;
 * IDENTICAL — the rater gave the same score to everyone on everything (two answers or more);
 * TEAM_DISAGREE — the team's raters disagree (mean per-ratee standard deviation ≥ 1.2);
 * LOW_BY_ALL — every peer's mean for them is ≤ 2 (two peers or more).
 */
export const EvaluationThresholds = {
  selfHigh: 1.0,
  teamDisagree: 1.2,
  lowByAll: 2,
} as const;

export const evaluationFlags = ['SELF_HIGH', 'IDENTICAL', 'LOW_BY_ALL'] as const;
export const evaluationFlagSchema = z.enum(evaluationFlags);
export type EvaluationFlag = z.infer<typeof evaluationFlagSchema>;

export const EvaluationMessages = {
  titleRequired: '평가 제목을 입력해주세요.',
  titleTooLong: `평가 제목은 ${EvaluationLimits.titleMax}자 이하로 입력해주세요.`,
  descriptionTooLong: `설명은 ${EvaluationLimits.descriptionMax}자 이하로 입력해주세요.`,
  criteriaRequired: `평가 기준은 ${EvaluationLimits.criteriaMin}개 이상 ${EvaluationLimits.criteriaMax}개 이하로 정해주세요.`,
  criterionTitleRequired: '평가 기준의 이름을 입력해주세요.',
  criterionTitleTooLong: `평가 기준의 이름은 ${EvaluationLimits.criterionTitleMax}자 이하로 입력해주세요.`,
  criterionDescriptionTooLong: `평가 기준의 설명은 ${EvaluationLimits.criterionDescriptionMax}자 이하로 입력해주세요.`,
  duplicateCriterion: '같은 이름의 평가 기준이 두 번 들어 있습니다.',
  includeSelfInvalid: '자기 평가 포함 여부는 true 또는 false여야 합니다.',
  dateRequired: '시작과 마감 시각을 입력해주세요.',
  badDate: '시각은 ISO-8601 형식(예: 2026-12-01T09:00:00+09:00)이어야 합니다.',
  closeBeforeOpen: '마감 시각은 시작 시각보다 뒤여야 합니다.',
  closeInPast: '마감 시각은 지금보다 뒤여야 합니다.',
  nothingToChange: '바꿀 내용을 하나 이상 보내주세요.',
  responsesRequired: '평가 응답 목록(responses)은 필수입니다.',
  tooManyResponses: `응답은 한 번에 ${EvaluationLimits.responsesMax}개까지 보낼 수 있습니다.`,
  badScore: `점수는 ${EvaluationLimits.scoreMin}부터 ${EvaluationLimits.scoreMax}까지의 정수여야 합니다.`,
  commentTooLong: `코멘트는 ${EvaluationLimits.commentMax}자 이하로 입력해주세요.`,
  duplicateRatee: '같은 팀원에 대한 응답이 두 번 들어 있습니다.',
  scoreCountMismatch: '모든 평가 기준에 점수를 하나씩 매겨주세요.',
  notATeammate: '같은 팀의 학생만 평가할 수 있습니다.',
  selfNotIncluded: '이 평가에는 자기 평가가 포함되지 않습니다.',
  missingTeammates: '모든 팀원을 평가해야 제출할 수 있습니다.',
  notAStudent: '이 팀의 학생만 평가에 참여할 수 있습니다.',
  notOpen: '평가 기간이 아닙니다.',
  notFound: '평가를 찾을 수 없습니다.',
  lockedAfterResponses:
    '응답이 있는 평가는 기준, 자기 평가 여부, 시작 시각을 바꾸거나 삭제할 수 없습니다. 마감 시각만 바꾸거나 일찍 마감할 수 있습니다.',
  closedCannotChange: '마감된 평가는 바꿀 수 없습니다.',
  releaseBeforeClose: '평가가 마감된 뒤에 결과를 공개할 수 있습니다.',
  alreadyReleased: '이미 공개된 결과입니다.',
  created: '평가를 만들었습니다.',
  updated: '평가를 수정했습니다.',
  deleted: '평가를 삭제했습니다.',
  saved: '평가를 제출했습니다. 마감 전까지 수정할 수 있습니다.',
  released: '결과를 공개했습니다. 학생들이 자신의 피드백을 볼 수 있습니다.',
  notReleased: '아직 결과가 공개되지 않았습니다.',
  withheld: `동료 ${EvaluationLimits.minPeerRaters}명 이상이 평가해야 결과를 보여드립니다. 한 사람의 점수가 드러나지 않도록 하기 위해서입니다.`,
} as const;

/** An ISO-8601 instant with an offset (or Z). */
const instantSchema = z
  .string({ error: EvaluationMessages.dateRequired })
  .trim()
  .min(1, EvaluationMessages.dateRequired)
  .max(40, { message: EvaluationMessages.badDate, abort: true })
  .refine((value) => !Number.isNaN(Date.parse(value)), {
    message: EvaluationMessages.badDate,
    abort: true,
  })
  .refine(isSupportedDate, { message: dateRangeMessage, abort: true });

export const evaluationCriterionSchema = z.object({
  title: z
    .string({ error: EvaluationMessages.criterionTitleRequired })
    .trim()
    .min(1, EvaluationMessages.criterionTitleRequired)
    .max(EvaluationLimits.criterionTitleMax, EvaluationMessages.criterionTitleTooLong),
  description: z
    .string({ error: EvaluationMessages.criterionDescriptionTooLong })
    .trim()
    .max(EvaluationLimits.criterionDescriptionMax, EvaluationMessages.criterionDescriptionTooLong)
    .default(''),
});
export type EvaluationCriterion = z.output<typeof evaluationCriterionSchema>;

const criteriaSchema = z
  .array(evaluationCriterionSchema, { error: EvaluationMessages.criteriaRequired })
  .min(EvaluationLimits.criteriaMin, EvaluationMessages.criteriaRequired)
  .max(EvaluationLimits.criteriaMax, EvaluationMessages.criteriaRequired)
  .refine((list) => new Set(list.map((c) => c.title)).size === list.length, {
    message: EvaluationMessages.duplicateCriterion,
  });

const titleSchema = z
  .string({ error: EvaluationMessages.titleRequired })
  .trim()
  .min(1, EvaluationMessages.titleRequired)
  .max(EvaluationLimits.titleMax, EvaluationMessages.titleTooLong);
const descriptionSchema = z
  .string({ error: EvaluationMessages.descriptionTooLong })
  .trim()
  .max(EvaluationLimits.descriptionMax, EvaluationMessages.descriptionTooLong);
const includeSelfSchema = z.boolean({ error: EvaluationMessages.includeSelfInvalid });

const closesAfterOpens = (value: { opensAt?: string | undefined; closesAt?: string | undefined }) =>
  value.opensAt === undefined ||
  value.closesAt === undefined ||
  Date.parse(value.closesAt) > Date.parse(value.opensAt);

/** POST /workspaces/{w}/evaluations */
export const createEvaluationSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema.default(''),
    criteria: criteriaSchema,
    includeSelf: includeSelfSchema.default(false),
    opensAt: instantSchema,
    closesAt: instantSchema,
  })
  .refine(closesAfterOpens, { message: EvaluationMessages.closeBeforeOpen, path: ['closesAt'] });
export type CreateEvaluation = z.output<typeof createEvaluationSchema>;

/**
 * PATCH /evaluations/{r}: some or all of the fields. Once a response exists only the title, description
 * and closing time may change (closing early: `closesAt` now).
 */
export const updateEvaluationSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    criteria: criteriaSchema.optional(),
    includeSelf: includeSelfSchema.optional(),
    opensAt: instantSchema.optional(),
    closesAt: instantSchema.optional(),
    /** Close now (the server's clock), instead of naming a time. */
    closeNow: z.literal(true, { error: EvaluationMessages.nothingToChange }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: EvaluationMessages.nothingToChange,
  })
  .refine(closesAfterOpens, { message: EvaluationMessages.closeBeforeOpen, path: ['closesAt'] });
export type UpdateEvaluation = z.output<typeof updateEvaluationSchema>;

const scoreSchema = z
  .number({ error: EvaluationMessages.badScore })
  .int(EvaluationMessages.badScore)
  .min(EvaluationLimits.scoreMin, EvaluationMessages.badScore)
  .max(EvaluationLimits.scoreMax, EvaluationMessages.badScore);

export const evaluationAnswerSchema = z.object({
  rateeId: idSchema,
  scores: z
    .array(scoreSchema, { error: EvaluationMessages.scoreCountMismatch })
    .min(1, EvaluationMessages.scoreCountMismatch)
    .max(EvaluationLimits.criteriaMax, EvaluationMessages.scoreCountMismatch),
  comment: z
    .string({ error: EvaluationMessages.commentTooLong })
    .trim()
    .max(EvaluationLimits.commentMax, EvaluationMessages.commentTooLong)
    .default(''),
});
export type EvaluationAnswer = z.output<typeof evaluationAnswerSchema>;

/** PUT /evaluations/{r}/teams/{t}/responses: the caller's whole set for that team. */
export const saveEvaluationResponsesSchema = z.object({
  responses: z
    .array(evaluationAnswerSchema, { error: EvaluationMessages.responsesRequired })
    .min(1, EvaluationMessages.responsesRequired)
    .max(EvaluationLimits.responsesMax, EvaluationMessages.tooManyResponses)
    .refine((list) => new Set(list.map((a) => a.rateeId)).size === list.length, {
      message: EvaluationMessages.duplicateRatee,
    }),
});
export type SaveEvaluationResponses = z.output<typeof saveEvaluationResponsesSchema>;

export const evaluationStatuses = ['UPCOMING', 'OPEN', 'CLOSED'] as const;
export type EvaluationStatus = (typeof evaluationStatuses)[number];

export const evaluationRoundSchema = z.object({
  id: z.number().int(),
  workspaceId: z.number().int(),
  title: z.string(),
  description: z.string(),
  criteria: z.array(z.object({ title: z.string(), description: z.string() })),
  includeSelf: z.boolean(),
  opensAt: z.string(),
  closesAt: z.string(),
  releasedAt: z.string().nullable(),
  status: z.enum(evaluationStatuses),
  /** Whether any student answered (then criteria, self-rating and opening time are fixed). */
  hasResponses: z.boolean(),
});
export type EvaluationRound = z.infer<typeof evaluationRoundSchema>;

/** How far along: students (staff view: the whole class) or teams (a student's own). */
export const evaluationProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
});
export type EvaluationProgress = z.infer<typeof evaluationProgressSchema>;

export const evaluationListItemSchema = evaluationRoundSchema.extend({
  /** STAFF: students of the class who finished; STUDENT: the caller's teams finished. */
  progress: evaluationProgressSchema,
});
export type EvaluationListItem = z.infer<typeof evaluationListItemSchema>;

export const evaluationListSchema = z.object({
  viewer: z.enum(['STAFF', 'STUDENT']),
  /** Whether the caller may open, change and release rounds. */
  canRun: z.boolean(),
  rounds: z.array(evaluationListItemSchema),
});
export type EvaluationList = z.infer<typeof evaluationListSchema>;

const personSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
});

/** A student's own answer to one teammate (only ever shown to the one who gave it). */
export const myEvaluationAnswerSchema = z.object({
  rateeId: z.number().int(),
  scores: z.array(z.number().int()),
  comment: z.string(),
});

/** One team of the caller's, as their rating form shows it. */
export const myEvaluationTeamSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  /** Whom to rate: the team's students (the caller too when self-rating is included), in order. */
  ratees: z.array(personSchema.extend({ isSelf: z.boolean() })),
  answers: z.array(myEvaluationAnswerSchema),
  complete: z.boolean(),
  submittedAt: z.string().nullable(),
});
export type MyEvaluationTeam = z.infer<typeof myEvaluationTeamSchema>;

/** Completion of one team, for staff. */
export const evaluationTeamCompletionSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  students: z.array(personSchema.extend({ done: z.boolean() })),
});
export type EvaluationTeamCompletion = z.infer<typeof evaluationTeamCompletionSchema>;

export const evaluationDetailSchema = z.object({
  round: evaluationRoundSchema,
  viewer: z.enum(['STAFF', 'STUDENT']),
  canRun: z.boolean(),
  /** The caller's teams to rate in (students; empty for staff). */
  myTeams: z.array(myEvaluationTeamSchema),
  /** Who finished, per team (staff only; null for students). */
  completion: z.array(evaluationTeamCompletionSchema).nullable(),
});
export type EvaluationDetail = z.infer<typeof evaluationDetailSchema>;

const meanSchema = z.number().nullable();

/**
 * What a student did in the team from its creation to the round's close (or today), the
 * contribution page's numbers, shown beside their ratings: ratings and the work behind them.
 */
export const evaluationEvidenceSchema = contributionMemberSchema.pick({
  approved: true,
  completionRequests: true,
  posts: true,
  comments: true,
  files: true,
  messages: true,
  meetingMinutes: true,
  activeDays: true,
});
export type EvaluationEvidence = z.infer<typeof evaluationEvidenceSchema>;

export const evaluationStudentResultSchema = personSchema.extend({
  done: z.boolean(),
  /** How many teammates (not themselves) rated them. */
  peerRaters: z.number().int(),
  /** Mean peer score per criterion, in the round's order (null: nobody rated them). */
  criterionMeans: z.array(meanSchema),
  overall: meanSchema,
  /** Their self-rating's mean (null without one). */
  selfOverall: meanSchema,
  /** Their peer mean over the team's mean of peer means (self-ratings left out). */
  adjustment: meanSchema,
  flags: z.array(evaluationFlagSchema),
  evidence: evaluationEvidenceSchema,
});
export type EvaluationStudentResult = z.infer<typeof evaluationStudentResultSchema>;

export const evaluationRawResponseSchema = z.object({
  raterId: z.number().int(),
  raterName: z.string(),
  rateeId: z.number().int(),
  rateeName: z.string(),
  scores: z.array(z.number().int()),
  comment: z.string(),
  submittedAt: z.string(),
});
export type EvaluationRawResponse = z.infer<typeof evaluationRawResponseSchema>;

export const evaluationTeamResultSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  /** The mean per-ratee standard deviation of peer scores (null: no ratee has two raters). */
  disagreement: meanSchema,
  teamDisagree: z.boolean(),
  /** The team's mean of its students' peer means (the adjustment factor's denominator). */
  teamMean: meanSchema,
  /** The evidence's Seoul days (the team's contribution page over the same range). */
  evidenceFrom: z.string(),
  evidenceTo: z.string(),
  students: z.array(evaluationStudentResultSchema),
  responses: z.array(evaluationRawResponseSchema),
});
export type EvaluationTeamResult = z.infer<typeof evaluationTeamResultSchema>;

export const evaluationResultsSchema = z.object({
  round: evaluationRoundSchema,
  teams: z.array(evaluationTeamResultSchema),
});
export type EvaluationResults = z.infer<typeof evaluationResultsSchema>;

/** A student's own feedback in one team, aggregated (never who said what). */
export const evaluationFeedbackTeamSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  peerRaters: z.number().int(),
  /** True when fewer than two peers rated them: nothing below is given. */
  withheld: z.boolean(),
  criterionMeans: z.array(meanSchema),
  overall: meanSchema,
  adjustment: meanSchema,
  /** The peers' comments, sorted (not in the raters' order), without names. */
  comments: z.array(z.string()),
});
export type EvaluationFeedbackTeam = z.infer<typeof evaluationFeedbackTeamSchema>;

export const evaluationFeedbackSchema = z.object({
  roundId: z.number().int(),
  released: z.boolean(),
  criteria: z.array(z.object({ title: z.string(), description: z.string() })),
  teams: z.array(evaluationFeedbackTeamSchema),
});
export type EvaluationFeedback = z.infer<typeof evaluationFeedbackSchema>;

export const evaluationWorkspaceParamsSchema = z.object({ workspaceId: idSchema });
export const evaluationRoundParamsSchema = z.object({ roundId: idSchema });
export const evaluationTeamParamsSchema = z.object({ roundId: idSchema, teamId: idSchema });

export const evaluationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/workspaces/:workspaceId/evaluations',
    summary:
      'The class’s evaluation rounds: staff see all with the students’ completion, students the rounds open or done with their own progress',
    params: evaluationWorkspaceParamsSchema,
    response: evaluationListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/workspaces/:workspaceId/evaluations',
    summary: 'Open a peer evaluation round for every team of the class (instructors)',
    params: evaluationWorkspaceParamsSchema,
    body: createEvaluationSchema,
    response: evaluationRoundSchema,
    status: 201,
    errors: { 403: ['CLASS_INSTRUCTOR_ONLY'], 404: ['CLASS_NOT_A_CLASS'] },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/evaluations/:roundId',
    summary:
      'A round: for a student their teams to rate and their own answers; for staff the completion per team',
    params: evaluationRoundParamsSchema,
    response: evaluationDetailSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/evaluations/:roundId',
    summary:
      'Change a round (instructors): anything before a response exists, then only the title, description and closing time (close early)',
    params: evaluationRoundParamsSchema,
    body: updateEvaluationSchema,
    response: evaluationRoundSchema,
    errors: { 409: ['EVALUATION_LOCKED'] },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/evaluations/:roundId',
    summary: 'Delete a round before any response exists (instructors)',
    params: evaluationRoundParamsSchema,
    status: 204,
    errors: { 409: ['EVALUATION_LOCKED'] },
  }),
  saveResponses: endpoint({
    method: 'PUT',
    path: '/evaluations/:roundId/teams/:teamId/responses',
    summary:
      'Replace the caller’s ratings of every teammate in that team (students of the team, while the round is open)',
    params: evaluationTeamParamsSchema,
    body: saveEvaluationResponsesSchema,
    response: evaluationDetailSchema,
    errors: { 409: ['EVALUATION_NOT_OPEN'] },
  }),
  results: endpoint({
    method: 'GET',
    path: '/evaluations/:roundId/results',
    summary:
      'Per student the mean peer rating per criterion and overall, the adjustment factor and flags, and the raw responses (staff)',
    params: evaluationRoundParamsSchema,
    response: evaluationResultsSchema,
  }),
  resultsCsv: endpoint({
    method: 'GET',
    path: '/evaluations/:roundId/results.csv',
    summary: 'The results per student as CSV (UTF-8 with BOM, Korean headers; staff)',
    params: evaluationRoundParamsSchema,
  }),
  release: endpoint({
    method: 'POST',
    path: '/evaluations/:roundId/release',
    summary:
      'Release the students’ own aggregated feedback (instructors, after the round closed); students are notified',
    params: evaluationRoundParamsSchema,
    response: evaluationRoundSchema,
    errors: { 409: ['EVALUATION_NOT_CLOSED'] },
  }),
  feedback: endpoint({
    method: 'GET',
    path: '/evaluations/:roundId/feedback',
    summary:
      'The caller’s own aggregated feedback once released: per criterion the peers’ mean, the adjustment factor and the comments without names',
    params: evaluationRoundParamsSchema,
    response: evaluationFeedbackSchema,
  }),
};
