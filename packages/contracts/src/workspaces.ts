import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { idSchema, withoutTrailingSlashes } from './common';
import { binaryFile, endpoint } from './endpoint';
import { inviteCodePattern, Limits, workspaceIconUrlPrefix } from './limits';

/**
 * A class (issue 45) has instructors (the owner too) and TAs (teaching assistants), who oversee
 * every team without being in them; elsewhere the roles are the specification's three.
 */
export const WORKSPACE_ROLES = ['OWNER', 'ADMIN', 'INSTRUCTOR', 'TA', 'MEMBER'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/** Validation texts of spec 01 section 5 and the workspace problems the web app shows. */
export const WorkspaceMessages = {
  nameRequired: '워크스페이스 이름을 입력해주세요.',
  nameTooLong: `워크스페이스 이름은 ${Limits.workspaceNameMax}자 이하여야 합니다.`,
  inviteRequired: '초대 코드 또는 초대 링크를 입력해주세요.',
  inviteInvalid: '초대 코드 형식이 올바르지 않습니다. 초대 링크나 8~12자리 코드를 확인해주세요.',
  inviteNotFound: '초대 코드에 해당하는 워크스페이스가 없습니다.',
  idNotAllowed: '워크스페이스 ID로는 참여할 수 없습니다. 초대 코드를 사용해주세요.',
  passwordWrong: '워크스페이스 비밀번호가 틀렸습니다.',
  passwordRequired: '비밀번호가 필요한 워크스페이스입니다. 비밀번호를 입력해주세요.',
  passwordTooShort: `비밀번호는 ${Limits.workspacePasswordMin}자 이상이어야 합니다.`,
  passwordTooLong: `비밀번호는 ${Limits.workspacePasswordMax}자 이하여야 합니다.`,
  banned: '이 워크스페이스에서 차단된 사용자입니다. 참여할 수 없습니다.',
  forbidden: '이 워크스페이스에 접근할 권한이 없습니다.',
  notFound: '워크스페이스를 찾을 수 없습니다.',
  ownerOnly: '워크스페이스 소유자만 할 수 있는 작업입니다.',
  adminOnly: '워크스페이스 관리자만 할 수 있는 작업입니다.',
  notYourself: '자기 자신에게는 할 수 없는 작업입니다.',
  ownerProtected: '워크스페이스 소유자는 내보내거나 차단할 수 없습니다.',
  ownerCannotLeave: '소유자는 워크스페이스를 나갈 수 없습니다. 워크스페이스를 삭제해주세요.',
  nameMismatch: '워크스페이스 이름이 일치하지 않습니다.',
  memberNotFound: '워크스페이스 멤버가 아닙니다.',
  notBanned: '차단된 사용자가 아닙니다.',
  iconInvalid: '아이콘은 이모지나 글자(8자 이하), 또는 업로드한 이미지여야 합니다.',
} as const;

// Kept in limits.ts (no zod there), so the web's first screen can use them without the schemas.
export { inviteCodePattern, workspaceIconUrlPrefix };

/** Workspace password: optional; when set, 4 to 64 characters. */
export const workspacePasswordSchema = z
  .string()
  .min(Limits.workspacePasswordMin, WorkspaceMessages.passwordTooShort)
  .max(Limits.workspacePasswordMax, WorkspaceMessages.passwordTooLong);

/** An emoji or a few letters, or one of our own uploaded icon URLs; '' or null clears it. */
export const iconSchema = z
  .string()
  .trim()
  .max(Limits.urlMax)
  .refine(
    (value) =>
      value === '' ||
      (value.startsWith(workspaceIconUrlPrefix) && !value.includes('..')) ||
      (!/[:/\\]/.test(value) && [...value].length <= Limits.workspaceIconTextMax),
    WorkspaceMessages.iconInvalid,
  )
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value ? value : null));

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, WorkspaceMessages.nameRequired)
  .max(Limits.workspaceNameMax, WorkspaceMessages.nameTooLong);

/** POST /workspaces */
export const createWorkspaceSchema = z.object({
  name: workspaceNameSchema,
  iconUrl: iconSchema,
  /** Empty or absent: no password. */
  password: z
    .union([workspacePasswordSchema, z.literal('')])
    .nullable()
    .optional(),
});
export type CreateWorkspaceInput = z.input<typeof createWorkspaceSchema>;

/** PUT /workspaces/{id} (owner): name and icon. */
export const updateWorkspaceSchema = z.object({
  name: workspaceNameSchema.optional(),
  iconUrl: iconSchema,
  /**
   * Use it as a class (issue 45): instructors and TAs oversee its teams. Turned off, its
   * instructors and TAs become members again.
   */
  isClass: z.boolean().optional(),
});
export type UpdateWorkspaceInput = z.input<typeof updateWorkspaceSchema>;

/** PUT /workspaces/{id}/password (owner): a new password, or null / '' to remove it. */
export const setWorkspacePasswordSchema = z.object({
  password: z.union([workspacePasswordSchema, z.literal('')]).nullable(),
});

/**
 * DELETE /workspaces/{id} (owner): the spec's API sends no body. Typing the name to confirm is
 * the screen's step; a client that sends the typed name as `confirmName` has it checked (it must
 * equal the workspace name exactly), one that sends none deletes as the spec's API does.
 */
export const deleteWorkspaceSchema = z.object({
  confirmName: z.string().max(200).optional(),
});

/** POST /workspaces/join: an invite code or a whole invite link. */
export const joinWorkspaceSchema = z.object({
  inviteCode: z.string().trim().min(1, WorkspaceMessages.inviteRequired).max(Limits.urlMax),
  /** Sent only when non-empty. */
  password: z.string().max(Limits.workspacePasswordMax).nullable().optional(),
});
export type JoinWorkspaceInput = z.input<typeof joinWorkspaceSchema>;

/** POST /workspaces/{id}/join: join by numeric id; allowed only for password-protected ones. */
export const joinWorkspaceByIdSchema = z.object({
  password: z.string().max(Limits.workspacePasswordMax).nullable().optional(),
});

/** PUT /workspaces/{id}/members/{userId}/role (owner): make an admin or a plain member. */
/** Instructors and TAs only in a class; the owner names anyone, an instructor only TAs. */
export const changeMemberRoleSchema = z.object({
  role: z.enum(['ADMIN', 'INSTRUCTOR', 'TA', 'MEMBER']),
});

export const workspaceParamsSchema = z.object({ id: idSchema });
export const workspaceMemberParamsSchema = z.object({ id: idSchema, userId: idSchema });
export const inviteParamsSchema = z.object({ code: z.string().max(Limits.urlMax) });

/** The profile fields co-members see of each other (spec 01 section 3); never password data. */
export const memberProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  mbti: z.string().nullable(),
  age: z.number().int().nullable(),
  disposition: z.string().nullable(),
  introduction: z.string().nullable(),
  preferWorkstyle: z.string().nullable(),
  dislikeWorkstyle: z.string().nullable(),
  portfolio: z.string().nullable(),
  hashtags: z.array(z.string()),
  /** An instance admin deactivated the account (decision 0050): shown as 비활성, content kept. */
  deactivated: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const workspaceMemberSchema = memberProfileSchema.extend({
  role: workspaceRoleSchema,
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** An emoji or letters, or the URL of an uploaded image; null shows the first letter. */
  iconUrl: z.string().nullable(),
  /** Permanent invite code. */
  inviteCode: z.string(),
  /** The invite link `{origin}/#/ws/{inviteCode}`. */
  url: z.string(),
  passwordProtected: z.boolean(),
  owner: z.object({ id: z.number().int() }),
  /** A class (issue 45): instructors and TAs oversee its teams. */
  isClass: z.boolean(),
  /** The caller's role in it. */
  myRole: workspaceRoleSchema,
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /workspaces/invite/{code}: what an invitee sees before joining. */
export const invitePreviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  passwordProtected: z.boolean(),
  memberCount: z.number().int(),
  alreadyMember: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/**
 * GET /workspaces/invite/{code}/public: what anyone holding a valid invite link may see before
 * logging in or signing up: the name, icon (so the invitee recognises the workspace, issue 41) and
 * head count; no id, code or password flag.
 */
export const publicInvitePreviewSchema = z.object({
  name: z.string(),
  iconUrl: z.string().nullable(),
  memberCount: z.number().int(),
});
export type PublicInvitePreview = z.infer<typeof publicInvitePreviewSchema>;

export const bannedUserSchema = z.object({
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  bannedAt: z.string(),
  bannedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type BannedUser = z.infer<typeof bannedUserSchema>;

export const iconUploadResponseSchema = z.object({ iconUrl: z.string() });

export type ParsedInvite = { kind: 'code'; code: string } | { kind: 'id'; id: number };

/**
 * Reads what a person pastes: a bare code, or any link ending in `#/ws/{code}` (trailing slash
 * and whitespace tolerated). A pure number is a workspace id; the caller decides whether that is
 * allowed. Anything else answers null.
 */
export function parseInviteInput(input: string): ParsedInvite | null {
  const value = withoutTrailingSlashes(input.trim());
  if (/^\d{1,15}$/.test(value)) return { kind: 'id', id: Number(value) };
  const fromLink = /#\/ws\/([A-Za-z0-9_-]+)$/.exec(value)?.[1];
  const code = fromLink ?? value;
  return inviteCodePattern.test(code) ? { kind: 'code', code } : null;
}

export const workspaceEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/workspaces',
    summary: '워크스페이스 생성 (생성자가 소유자)',
    body: createWorkspaceSchema,
    response: workspaceSchema,
    status: 201,
  }),
  my: endpoint({
    method: 'GET',
    path: '/workspaces/my',
    summary: '내 워크스페이스 목록',
    response: z.array(workspaceSchema),
  }),
  invitePreview: endpoint({
    method: 'GET',
    path: '/workspaces/invite/:code',
    summary: '초대 코드로 워크스페이스 미리보기',
    params: inviteParamsSchema,
    response: invitePreviewSchema,
  }),
  publicInvitePreview: endpoint({
    method: 'GET',
    path: '/workspaces/invite/:code/public',
    summary: '초대 링크 미리보기 (로그인 전): 워크스페이스 이름과 멤버 수만',
    auth: 'public',
    params: inviteParamsSchema,
    response: publicInvitePreviewSchema,
  }),
  join: endpoint({
    method: 'POST',
    path: '/workspaces/join',
    summary: '초대 코드 또는 초대 링크로 참여',
    body: joinWorkspaceSchema,
    response: workspaceSchema,
    errors: { 404: [ErrorCode.WORKSPACE_NOT_FOUND], 403: [ErrorCode.WORKSPACE_BANNED] },
  }),
  joinById: endpoint({
    method: 'POST',
    path: '/workspaces/:id/join',
    summary: '워크스페이스 ID로 참여 (비밀번호가 설정된 워크스페이스만)',
    params: workspaceParamsSchema,
    body: joinWorkspaceByIdSchema,
    response: workspaceSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/workspaces/:id',
    summary: '워크스페이스 조회 (멤버)',
    params: workspaceParamsSchema,
    response: workspaceSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/workspaces/:id',
    summary: '워크스페이스 이름과 아이콘 변경 (소유자)',
    params: workspaceParamsSchema,
    body: updateWorkspaceSchema,
    response: workspaceSchema,
  }),
  setPassword: endpoint({
    method: 'PUT',
    path: '/workspaces/:id/password',
    summary: '워크스페이스 비밀번호 설정 또는 해제 (소유자)',
    params: workspaceParamsSchema,
    body: setWorkspacePasswordSchema,
    response: workspaceSchema,
  }),
  /** Multipart, field `file`: no body schema (the server reads the upload itself). */
  uploadIcon: endpoint({
    method: 'POST',
    path: '/workspaces/:id/icon',
    summary: '워크스페이스 아이콘 이미지 업로드 (소유자)',
    params: workspaceParamsSchema,
    form: z.object({ file: binaryFile('The icon image') }),
    response: iconUploadResponseSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/workspaces/:id',
    summary: '워크스페이스 삭제 (소유자; confirmName을 보내면 이름과 같아야 함)',
    params: workspaceParamsSchema,
    body: deleteWorkspaceSchema,
    status: 204,
  }),
  leave: endpoint({
    method: 'POST',
    path: '/workspaces/:id/leave',
    summary: '워크스페이스 나가기',
    params: workspaceParamsSchema,
    status: 204,
    errors: { 409: [ErrorCode.WORKSPACE_OWNER_CANNOT_LEAVE] },
  }),
  members: endpoint({
    method: 'GET',
    path: '/workspaces/:id/members',
    summary: '워크스페이스 멤버 목록 (소유자, 관리자, 멤버 순)',
    params: workspaceParamsSchema,
    response: z.array(workspaceMemberSchema),
  }),
  changeRole: endpoint({
    method: 'PUT',
    path: '/workspaces/:id/members/:userId/role',
    summary: '멤버 역할 변경 (소유자; 수업에서는 교수자가 조교를 지정)',
    params: workspaceMemberParamsSchema,
    body: changeMemberRoleSchema,
    response: workspaceMemberSchema,
    errors: { 409: [ErrorCode.CLASS_NOT_A_CLASS, ErrorCode.CLASS_STAFF_ONLY] },
  }),
  kick: endpoint({
    method: 'DELETE',
    path: '/workspaces/:id/members/:userId',
    summary: '멤버 내보내기',
    params: workspaceMemberParamsSchema,
    status: 204,
  }),
  ban: endpoint({
    method: 'POST',
    path: '/workspaces/:id/members/:userId/ban',
    summary: '멤버 차단',
    params: workspaceMemberParamsSchema,
    response: z.literal(true),
  }),
  unban: endpoint({
    method: 'DELETE',
    path: '/workspaces/:id/members/:userId/ban',
    summary: '차단 해제',
    params: workspaceMemberParamsSchema,
    status: 204,
  }),
  blacklist: endpoint({
    method: 'GET',
    path: '/workspaces/:id/blacklist',
    summary: '차단된 사용자 목록 (소유자, 관리자)',
    params: workspaceParamsSchema,
    response: z.array(bannedUserSchema),
  }),
};
