import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { Limits } from './limits';
import { memberProfileSchema } from './workspaces';

/** Texts of spec 02 sections 5 and 8 for teams. */
export const TeamMessages = {
  nameRequired: '팀 이름을 입력해주세요.',
  nameTooLong: `팀 이름은 ${Limits.teamNameMax}자 이하여야 합니다.`,
  descriptionTooLong: `팀 설명은 ${Limits.teamDescriptionMax}자 이하여야 합니다.`,
  passwordTooShort: `비밀번호는 ${Limits.workspacePasswordMin}자 이상이어야 합니다.`,
  passwordTooLong: `비밀번호는 ${Limits.workspacePasswordMax}자 이하여야 합니다.`,
  passwordWrong: '잘못된 비밀번호이거나 참여에 실패했습니다.',
  passwordRequired: '비밀번호가 필요한 팀입니다. 비밀번호를 입력해주세요.',
  alreadyMember: '이미 참여 중인 팀입니다.',
  notMember: '이 팀의 멤버가 아닙니다.',
  notFound: '팀을 찾을 수 없습니다.',
  nameMismatch: '팀 이름이 일치하지 않습니다.',
  lastMember: '마지막 멤버입니다. 팀을 삭제할지 유지할지 선택해주세요.',
  leaderOnly: '팀장 또는 워크스페이스 소유자만 할 수 있는 작업입니다.',
  targetNotWorkspaceMember: '워크스페이스 멤버만 팀에 추가할 수 있습니다.',
  announcementPostingLeaderOnly: '공지 작성 권한은 팀장만 바꿀 수 있습니다.',
} as const;

/**
 * Who may post the team's announcements (issue 41): every member (the spec's rule, the default)
 * or the team leader only. Editing one stays its author's either way.
 */
export const ANNOUNCEMENT_POSTING = ['EVERYONE', 'LEADER'] as const;
export const announcementPostingSchema = z.enum(ANNOUNCEMENT_POSTING);
export type AnnouncementPosting = z.infer<typeof announcementPostingSchema>;

const teamPasswordSchema = z
  .string()
  .min(Limits.workspacePasswordMin, TeamMessages.passwordTooShort)
  .max(Limits.workspacePasswordMax, TeamMessages.passwordTooLong);

export const teamNameSchema = z
  .string()
  .trim()
  .min(1, TeamMessages.nameRequired)
  .max(Limits.teamNameMax, TeamMessages.nameTooLong);

const descriptionSchema = z
  .string()
  .trim()
  .max(Limits.teamDescriptionMax, TeamMessages.descriptionTooLong)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value ? value : null));

/** POST /teams */
export const createTeamSchema = z.object({
  name: teamNameSchema,
  /** Sent as a number or a numeric string. */
  workspaceId: idSchema,
  description: descriptionSchema,
  /** Empty or absent: anyone in the workspace may join. */
  password: z
    .union([teamPasswordSchema, z.literal('')])
    .nullable()
    .optional(),
});
export type CreateTeamInput = z.input<typeof createTeamSchema>;

/**
 * PUT /teams/{id} (leader or workspace owner). `password`: a new one, or null / '' removes it.
 * `announcementPosting` the team leader alone may change.
 */
export const updateTeamSchema = z.object({
  name: teamNameSchema.optional(),
  description: descriptionSchema,
  password: z
    .union([teamPasswordSchema, z.literal('')])
    .nullable()
    .optional(),
  announcementPosting: announcementPostingSchema.optional(),
});
export type UpdateTeamInput = z.input<typeof updateTeamSchema>;

/**
 * DELETE /teams/{id}: the spec's API sends no body. Typing the name to confirm is the screen's
 * step; a `confirmName` that is sent must equal the team name exactly.
 */
export const deleteTeamSchema = z.object({
  confirmName: z.string().max(200).optional(),
});

/** POST /teams/{id}/join */
export const joinTeamSchema = z.object({
  password: z.string().max(Limits.workspacePasswordMax).nullable().optional(),
});

/** POST /teams/{id}/members: the caller (a join) or, for the leader, another workspace member. */
export const addTeamMemberSchema = z.object({
  userId: idSchema,
  password: z.string().max(Limits.workspacePasswordMax).nullable().optional(),
});

/**
 * POST /teams/{id}/leave. The last member must say what happens to the team: DELETE it, or KEEP
 * it without members (the next to join leads it). Without a choice the last member gets 409.
 */
export const leaveTeamSchema = z
  .object({ whenLast: z.enum(['DELETE', 'KEEP']).optional() })
  .optional();

export const teamParamsSchema = z.object({ id: idSchema });
export const teamMemberParamsSchema = z.object({ id: idSchema, userId: idSchema });
export const workspaceTeamsParamsSchema = z.object({ workspaceId: idSchema });

export const teamRoleSchema = z.enum(['LEADER', 'MEMBER']);

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  workspaceId: z.number().int(),
  passwordProtected: z.boolean(),
  /** Null only for a team its last member chose to keep. */
  leader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The team's bulletin board; one per team. */
  bulletinBoardId: z.number().int(),
  memberCount: z.number().int(),
  /** Percent (0-100) of the team's kanban tasks that are approved. */
  progress: z.number().int(),
  /** Whether the caller is a member. */
  isMember: z.boolean(),
  /** Who may post announcements: every member, or the leader only. */
  announcementPosting: announcementPostingSchema,
  /** The team's chat room (decision 0041), when the caller is in it; null otherwise. */
  roomId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamMemberSchema = memberProfileSchema.extend({
  teamRole: teamRoleSchema,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Answer of a leave: whether the team was deleted with it. */
export const leaveTeamResponseSchema = z.object({ teamDeleted: z.boolean() });

export const teamEndpoints = {
  workspaceTeams: endpoint({
    method: 'GET',
    path: '/teams/workspace/:workspaceId',
    summary: 'Every team of a workspace; `isMember` marks the caller’s',
    params: workspaceTeamsParamsSchema,
    response: z.array(teamSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/teams',
    summary: 'Create a team (the creator leads it)',
    body: createTeamSchema,
    response: teamSchema,
    status: 201,
    errors: {
      403: [ErrorCode.WORKSPACE_FORBIDDEN],
      404: [ErrorCode.WORKSPACE_NOT_FOUND],
      409: [ErrorCode.CLASS_STAFF_ONLY],
    },
  }),
  get: endpoint({
    method: 'GET',
    path: '/teams/:id',
    summary: 'One team of a workspace the caller belongs to',
    params: teamParamsSchema,
    response: teamSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/teams/:id',
    summary:
      'Change name, description or password (leader, workspace owner or admin); who may post announcements (leader only)',
    params: teamParamsSchema,
    body: updateTeamSchema,
    response: teamSchema,
    errors: { 403: [ErrorCode.TEAM_FORBIDDEN] },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/teams/:id',
    summary: 'Delete a team (leader or workspace owner); a confirmName sent must match the name',
    params: teamParamsSchema,
    body: deleteTeamSchema,
    status: 204,
  }),
  join: endpoint({
    method: 'POST',
    path: '/teams/:id/join',
    summary: 'Join a team (its password when it has one)',
    params: teamParamsSchema,
    body: joinTeamSchema.nullish(),
    response: teamSchema,
    errors: { 409: [ErrorCode.TEAM_ALREADY_MEMBER, ErrorCode.CLASS_STAFF_ONLY] },
  }),
  leave: endpoint({
    method: 'POST',
    path: '/teams/:id/leave',
    summary: 'Leave a team (the last member says whether it is deleted or kept)',
    params: teamParamsSchema,
    body: leaveTeamSchema,
    response: leaveTeamResponseSchema,
    errors: { 409: [ErrorCode.TEAM_LAST_MEMBER] },
  }),
  members: endpoint({
    method: 'GET',
    path: '/teams/:id/members',
    summary: 'A team’s members, leader first',
    params: teamParamsSchema,
    response: z.array(teamMemberSchema),
  }),
  addMember: endpoint({
    method: 'POST',
    path: '/teams/:id/members',
    summary:
      'Add a member: the caller (a join), or another workspace member (leader, owner or admin)',
    params: teamParamsSchema,
    body: addTeamMemberSchema,
    response: teamMemberSchema,
    errors: { 409: [ErrorCode.TEAM_ALREADY_MEMBER, ErrorCode.CLASS_STAFF_ONLY] },
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/teams/:id/members/:userId',
    summary: 'Remove a member: the caller (a leave), or another (leader, workspace owner or admin)',
    params: teamMemberParamsSchema,
    status: 204,
    errors: { 409: [ErrorCode.TEAM_LAST_MEMBER] },
  }),
};
