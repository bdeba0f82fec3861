import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { dateRangeMessage, idSchema, isSupportedDate } from './common';
import { endpoint } from './endpoint';
import { Limits } from './limits';

export const FormationMessages = {
  adminOnly: '워크스페이스 소유자 또는 관리자만 팀 구성을 진행할 수 있습니다.',
  notFound: '팀 구성을 찾을 수 없습니다.',
  tooFewPeople: '팀 수보다 참여자가 많아야 합니다.',
  notMembers: '워크스페이스 멤버만 참여할 수 있습니다.',
  teamNamesCount: '팀 이름의 수가 팀 수와 같아야 합니다.',
  capacityTooSmall: '정원의 합이 참여자 수보다 작습니다.',
  wrongState: '지금 단계에서는 할 수 없는 작업입니다.',
  notParticipant: '이 팀 구성의 참여자가 아닙니다.',
  voteClosed: '투표가 마감되었습니다.',
  deadlinePast: '투표 마감은 지금부터 1분 이후로 정해주세요.',
  badRanking: '선택지를 중복 없이 골라주세요.',
  badManual: '모든 참여자를 팀에 배정해주세요.',
  wrongMethod: '이 방식에서는 할 수 없는 작업입니다.',
} as const;

export const formationMethodSchema = z.enum(['DICE', 'LADDER', 'VOTE', 'MANUAL']);
export type FormationMethod = z.infer<typeof formationMethodSchema>;
export const formationStatusSchema = z.enum(['OPEN', 'DRAWN', 'CONFIRMED', 'CANCELLED']);

/** POST /workspaces/{ws}/formations (owner or admin). */
export const createFormationSchema = z.object({
  method: formationMethodSchema,
  participantIds: z.array(idSchema).min(2).max(500),
  teamCount: z.number().int().min(1).max(50),
  /** Optional names, one per team; '팀 1', '팀 2', … otherwise. */
  teamNames: z.array(z.string().trim().min(1).max(Limits.teamNameMax)).max(50).optional(),
  /** Vote: places per team (defaults to an even split). */
  capacities: z.array(z.number().int().min(1).max(500)).max(50).optional(),
  deadline: z.iso.datetime({ offset: true }).refine(isSupportedDate, dateRangeMessage).optional(),
  /** Dice and manual: spread skills and avoid pairing a disliked work style with its holder. */
  balanced: z.boolean().optional(),
});
export type CreateFormationInput = z.input<typeof createFormationSchema>;

export const formationSchema = z.object({
  id: z.number().int(),
  workspaceId: z.number().int(),
  method: formationMethodSchema,
  status: formationStatusSchema,
  participants: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      hashtags: z.array(z.string()),
      mbti: z.string().nullable(),
      disposition: z.string().nullable(),
      preferWorkstyle: z.string().nullable(),
      dislikeWorkstyle: z.string().nullable(),
    }),
  ),
  balanced: z.boolean(),
  /** Balance score (0–100) of each team, once there is a result. */
  scores: z.array(z.number().int()).nullable(),
  teamNames: z.array(z.string()),
  capacities: z.array(z.number().int()).nullable(),
  deadline: z.string().nullable(),
  /** SHA-256 (hex) of the seed, public before the draw. */
  seedHash: z.string(),
  /** The seed itself, once drawn: anyone can recompute the result from it. */
  seed: z.string().nullable(),
  /** Team index per participant (same order), once drawn. */
  result: z.array(z.number().int()).nullable(),
  /** Vote: the rank each participant got (null: an option they had not ranked). */
  ranks: z.array(z.number().int().nullable()).nullable(),
  /** Vote: how many have voted, who (not what), and the caller's own ranking. */
  votes: z.number().int(),
  voterIds: z.array(z.number().int()),
  myRanking: z.array(z.number().int()).nullable(),
  createdTeamIds: z.array(z.number().int()).nullable(),
  createdAt: z.string(),
});
export type Formation = z.infer<typeof formationSchema>;

export const formationParamsSchema = z.object({ id: idSchema });
export const workspaceFormationsParamsSchema = z.object({ workspaceId: idSchema });
/** Team indexes: at most 50 teams, so 0-49. */
const teamIndexSchema = z.number().int().min(0).max(49);
export const voteSchema = z.object({ ranking: z.array(teamIndexSchema).min(1).max(50) });
export const manualSchema = z.object({ result: z.array(teamIndexSchema).max(500) });

export const formationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/workspaces/:workspaceId/formations',
    summary: 'A workspace’s sessions, newest first',
    params: workspaceFormationsParamsSchema,
    response: z.array(formationSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/workspaces/:workspaceId/formations',
    summary: 'Start a session (owner or admin); the seed is committed by its hash',
    params: workspaceFormationsParamsSchema,
    body: createFormationSchema,
    response: formationSchema,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/formations/:id',
    summary: 'One session',
    params: formationParamsSchema,
    response: formationSchema,
  }),
  vote: endpoint({
    method: 'PUT',
    path: '/formations/:id/vote',
    summary: 'Vote: the caller’s ranking of the teams (a participant, while open)',
    params: formationParamsSchema,
    body: voteSchema,
    response: formationSchema,
    errors: { 409: [ErrorCode.FORMATION_WRONG_STATE] },
  }),
  draw: endpoint({
    method: 'POST',
    path: '/formations/:id/draw',
    summary: 'Draw (dice, ladder) or close the vote; reveals the seed',
    params: formationParamsSchema,
    response: formationSchema,
    errors: { 409: [ErrorCode.FORMATION_WRONG_STATE] },
  }),
  manual: endpoint({
    method: 'PUT',
    path: '/formations/:id/manual',
    summary: 'Manual: set the team of every participant (owner or admin)',
    params: formationParamsSchema,
    body: manualSchema,
    response: formationSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/formations/:id/confirm',
    summary: 'Make the teams, their members and group chats (once)',
    params: formationParamsSchema,
    response: formationSchema,
    errors: { 409: [ErrorCode.FORMATION_WRONG_STATE] },
  }),
};
