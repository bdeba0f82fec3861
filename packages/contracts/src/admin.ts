import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';
import { endpoint } from './endpoint';
import { ErrorCode } from './error-codes';
import { emailPattern } from './limits';
import { providerSchema } from './users';

/*
 * The instance admin's calls (issue 46, decision 0050): who may register, the people of the
 * instance (deactivate, reactivate, make admin), invitations and the instance's figures. Only an
 * instance admin (users.role ADMIN) may call them; anyone else gets 403 ADMIN_REQUIRED.
 */

/**
 * Who may create an account (existing accounts sign in whatever it says):
 * OPEN anyone; INVITE_ONLY the e-mail addresses an admin invited; DOMAINS addresses of the listed
 * domains (and invited ones).
 */
/**
 * Who may make an account: anyone; invited addresses; addresses of the allowed domains (or
 * invited); or only through the school's single sign-on (SSO_ONLY, when it is configured).
 */
export const registrationPolicySchema = z.enum(['OPEN', 'INVITE_ONLY', 'DOMAINS', 'SSO_ONLY']);
export type RegistrationPolicy = z.infer<typeof registrationPolicySchema>;

export const AdminLimits = {
  allowedDomainsMax: 50,
  domainMax: 253,
  invitationsPerRequest: 100,
  userQueryMax: 100,
} as const;

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const adminMessages = {
  adminRequired: '인스턴스 관리자만 사용할 수 있습니다.',
  domainInvalid: '올바른 도메인을 입력해주세요. (예: school.ac.kr)',
  domainsRequired: '허용할 도메인을 하나 이상 입력해주세요.',
  tooManyDomains: `도메인은 ${AdminLimits.allowedDomainsMax}개까지 등록할 수 있습니다.`,
  emailInvalid: '올바른 이메일 주소를 입력해주세요.',
  emailsRequired: '초대할 이메일 주소를 하나 이상 입력해주세요.',
  tooManyEmails: `한 번에 ${AdminLimits.invitationsPerRequest}명까지 초대할 수 있습니다.`,
  cannotDeactivateSelf: '자기 자신은 비활성화할 수 없습니다.',
  cannotDemoteSelf: '자기 자신의 관리자 권한은 해제할 수 없습니다.',
  lastAdmin: '마지막 관리자는 비활성화하거나 권한을 해제할 수 없습니다.',
  userNotFound: '사용자를 찾을 수 없습니다.',
  invitationNotFound: '초대를 찾을 수 없습니다.',
  /** At sign-in: the account was deactivated by an admin. */
  accountDeactivated: '비활성화된 계정입니다. 관리자에게 문의해주세요.',
  /** At sign-up, by policy. */
  registrationInviteOnly: '초대받은 이메일 주소로만 가입할 수 있습니다. 관리자에게 문의해주세요.',
  registrationDomain:
    '이 서비스에 가입할 수 없는 이메일 도메인입니다. 학교(기관) 이메일로 가입해주세요.',
  registrationSsoOnly: (name: string) =>
    `이 서비스는 ${name}(으)로만 가입할 수 있습니다. 로그인 화면의 '${name}으로 로그인'을 눌러주세요.`,
  ssoNotConfigured:
    'SSO가 설정되어 있지 않아 SSO 전용으로 바꿀 수 없습니다. OIDC_ISSUER 등을 먼저 설정해주세요.',
} as const;

const domainField = z
  .string()
  .trim()
  .toLowerCase()
  .max(AdminLimits.domainMax, adminMessages.domainInvalid)
  .regex(domainPattern, adminMessages.domainInvalid);

export const instanceSettingsSchema = z.object({
  registration: registrationPolicySchema,
  /** Lower-case domains (`school.ac.kr`); an address matches its domain or a subdomain of it. */
  allowedDomains: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

export const updateInstanceSettingsSchema = z
  .object({
    registration: registrationPolicySchema,
    allowedDomains: z
      .array(domainField)
      .max(AdminLimits.allowedDomainsMax, adminMessages.tooManyDomains)
      .default([]),
  })
  .refine((value) => value.registration !== 'DOMAINS' || value.allowedDomains.length > 0, {
    message: adminMessages.domainsRequired,
    path: ['allowedDomains'],
  });
export type UpdateInstanceSettings = z.infer<typeof updateInstanceSettingsSchema>;

export const adminUserStatusSchema = z.enum(['ALL', 'ACTIVE', 'DEACTIVATED', 'ADMIN']);
export type AdminUserStatus = z.infer<typeof adminUserStatusSchema>;

export const adminUsersQuerySchema = pageQuerySchema.extend({
  /** Part of a name or an e-mail address. */
  q: z.string().trim().max(AdminLimits.userQueryMax).optional(),
  status: adminUserStatusSchema.default('ALL'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** A person as the instance admin sees them. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  provider: providerSchema,
  role: z.enum(['USER', 'ADMIN']),
  createdAt: z.string(),
  /** When an admin deactivated the account; null while it is active. */
  deactivatedAt: z.string().nullable(),
  /** The latest use of any of their login sessions (null: never signed in). */
  lastActiveAt: z.string().nullable(),
  workspaceCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = pageSchema(adminUserSchema);

export const adminUserParamsSchema = z.object({ id: idSchema });

export const adminRoleSchema = z.object({ role: z.enum(['USER', 'ADMIN']) });

export const instanceStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    active: z.number().int(),
    deactivated: z.number().int(),
    admins: z.number().int(),
    joinedLast7Days: z.number().int(),
    activeLast7Days: z.number().int(),
  }),
  workspaces: z.number().int(),
  teams: z.number().int(),
  messagesLast7Days: z.number().int(),
  files: z.object({ count: z.number().int(), bytes: z.number().int() }),
  registration: registrationPolicySchema,
});
export type InstanceStats = z.infer<typeof instanceStatsSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  invitedAt: z.string(),
  invitedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the address registered; null while the invitation is open. */
  usedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationsSchema = z.object({
  emails: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, adminMessages.emailInvalid)
        .regex(emailPattern, adminMessages.emailInvalid),
    )
    .min(1, adminMessages.emailsRequired)
    .max(AdminLimits.invitationsPerRequest, adminMessages.tooManyEmails),
});
export type CreateInvitations = z.infer<typeof createInvitationsSchema>;

/** What the audit log records (decision 0050). */
export const auditActions = [
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'ACCOUNT_CREATED',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'WORKSPACE_ROLE_CHANGED',
  'MEMBER_KICKED',
  'MEMBER_BANNED',
  'MEMBER_UNBANNED',
  'WORKSPACE_DELETED',
  'TEAM_DELETED',
  'USER_DEACTIVATED',
  'USER_REACTIVATED',
  'INSTANCE_ROLE_CHANGED',
  'REGISTRATION_POLICY_CHANGED',
  'INVITATION_CREATED',
  'INVITATION_WITHDRAWN',
  'AUDIT_EXPORTED',
  'TOKEN_CREATED',
  'TOKEN_REVOKED',
  'WEBHOOK_CREATED',
  'WEBHOOK_DELETED',
  'DATA_EXPORT_REQUESTED',
  'WORKSPACE_IMPORTED',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditTargetTypes = [
  'USER',
  'WORKSPACE',
  'TEAM',
  'INVITATION',
  'INSTANCE',
  'TOKEN',
  'WEBHOOK',
] as const;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: auditActionSchema,
  /** Who did it: still an account (id) or not any more (null id), and their e-mail then. */
  actor: z.object({ id: z.number().int().nullable(), label: z.string().nullable() }).nullable(),
  target: z
    .object({ type: z.enum(auditTargetTypes), id: z.string(), label: z.string().nullable() })
    .nullable(),
  /** Where from: the client's address (as TRUST_PROXY lets the server see it) and browser. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AuditLimits = { pageMax: 200, pageDefault: 50, exportMax: 100_000 } as const;

const dateMessage = '날짜는 YYYY-MM-DD 형식의 올바른 날짜여야 합니다.';
/** A calendar day of 2000-01-01 .. 2999-12-31 that exists (no 2026-02-31). */
const isoDate = z
  .string()
  .regex(/^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, dateMessage)
  // Runs even when the pattern failed (zod goes on to refinements): no throwing on any text.
  .refine((day) => {
    const start = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(start.getTime()) && start.toISOString().startsWith(day);
  }, dateMessage);

/** Filters of the log and of its export: newest first, older pages by `before` (an event id). */
export const auditQuerySchema = z.object({
  /** Part of the actor's e-mail, the target's name, or the address. */
  q: z.string().trim().max(AdminLimits.userQueryMax).optional(),
  action: auditActionSchema.optional(),
  /** Days in Korea's time zone (Asia/Seoul), both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  size: z.coerce.number().int().min(1).max(AuditLimits.pageMax).default(AuditLimits.pageDefault),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next (older) page; null at the oldest. */
  nextBefore: z.number().int().nullable(),
  /** How long entries are kept (AUDIT_RETENTION_DAYS). */
  retentionDays: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

const adminOnly = { 403: [ErrorCode.ADMIN_REQUIRED] } as const;

export const adminEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/admin/settings',
    auth: 'session',
    summary: 'The registration policy (instance admins)',
    response: instanceSettingsSchema,
    errors: adminOnly,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/admin/settings',
    auth: 'session',
    summary: 'Sets who may register (instance admins)',
    body: updateInstanceSettingsSchema,
    response: instanceSettingsSchema,
    errors: adminOnly,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/admin/stats',
    auth: 'session',
    summary: "The instance's figures (instance admins)",
    response: instanceStatsSchema,
    errors: adminOnly,
  }),
  users: endpoint({
    method: 'GET',
    path: '/admin/users',
    auth: 'session',
    summary: 'The people of the instance, newest first, by name or e-mail (instance admins)',
    query: adminUsersQuerySchema,
    response: adminUserPageSchema,
    errors: adminOnly,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/admin/users/:id/deactivate',
    auth: 'session',
    summary:
      'Deactivates a person: every session, event stream and socket of theirs ends on every instance; their content stays (instance admins)',
    params: adminUserParamsSchema,
    response: adminUserSchema,
    errors: { ...adminOnly, 400: [ErrorCode.ADMIN_SELF], 409: [ErrorCode.ADMIN_LAST] },
  }),
  reactivate: endpoint({
    method: 'POST',
    path: '/admin/users/:id/reactivate',
    auth: 'session',
    summary: 'Lets a deactivated person sign in again (instance admins)',
    params: adminUserParamsSchema,
    response: adminUserSchema,
    errors: adminOnly,
  }),
  setRole: endpoint({
    method: 'PUT',
    path: '/admin/users/:id/role',
    auth: 'session',
    summary: 'Makes a person an instance admin or not (instance admins)',
    params: adminUserParamsSchema,
    body: adminRoleSchema,
    response: adminUserSchema,
    errors: { ...adminOnly, 400: [ErrorCode.ADMIN_SELF], 409: [ErrorCode.ADMIN_LAST] },
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/admin/invitations',
    auth: 'session',
    summary: 'The e-mail addresses invited to register, newest first (instance admins)',
    response: z.array(invitationSchema),
    errors: adminOnly,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/admin/invitations',
    auth: 'session',
    summary:
      'Invites e-mail addresses to register (under INVITE_ONLY or DOMAINS); an address invited before is left as it was (instance admins)',
    body: createInvitationsSchema,
    response: z.array(invitationSchema),
    status: 201,
    errors: adminOnly,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/admin/audit',
    auth: 'session',
    summary: 'The audit log, newest first, filtered (instance admins)',
    query: auditQuerySchema,
    response: auditPageSchema,
    errors: adminOnly,
  }),
  /** The same filters as `audit` (without paging), every matching entry as JSON lines. */
  auditExport: endpoint({
    method: 'GET',
    path: '/admin/audit.jsonl',
    auth: 'session',
    summary: `The audit log as JSON lines (one AuditEvent a line, newest first, at most ${AuditLimits.exportMax}; the export itself is logged) (instance admins)`,
    query: auditQuerySchema.omit({ before: true, size: true }),
    errors: adminOnly,
  }),
  withdrawInvitation: endpoint({
    method: 'DELETE',
    path: '/admin/invitations/:id',
    auth: 'session',
    summary: 'Withdraws an invitation (instance admins)',
    params: z.object({ id: idSchema }),
    status: 204,
    errors: adminOnly,
  }),
} as const;
