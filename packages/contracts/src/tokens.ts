import { z } from 'zod';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { ErrorCode } from './error-codes';

/*
 * Personal access tokens (issue 46): a person's own key for scripts and integrations. Each token
 * owns a login session of its own, so revoking it, deactivating its owner or a password reset end
 * it, and its live connections with it. Account security (sessions, password, two-step
 * verification, linked logins, the tokens themselves) and the instance admin's calls take a
 * signed-in browser, never a token: their endpoints say `auth: 'session'`.
 */

/**
 * What a token may do: `read` every GET; `write` every other call but chat sends; `chat` send
 * chat messages (HTTP or STOMP) and hold a STOMP connection.
 */
export const personalTokenScopes = ['read', 'write', 'chat'] as const;
export const personalTokenScopeSchema = z.enum(personalTokenScopes);
export type PersonalTokenScope = z.infer<typeof personalTokenScopeSchema>;

/** How a token is spelled: the prefix tells it from a browser session's JWT at a glance. */
export const PERSONAL_TOKEN_PREFIX = 'tup_pat_';

export const TokenLimits = {
  nameMax: 50,
  perPerson: 20,
  /** Characters of the token kept to show which one it is (the prefix and four more). */
  shownPrefixLength: PERSONAL_TOKEN_PREFIX.length + 4,
  expiryDays: [30, 90, 365] as const,
} as const;

export const tokenMessages = {
  nameRequired: '토큰 이름을 입력해주세요.',
  nameTooLong: `토큰 이름은 ${TokenLimits.nameMax}자 이하로 입력해주세요.`,
  scopesRequired: '권한을 하나 이상 선택해주세요.',
  expiryInvalid: '만료 기간은 30일, 90일, 365일 또는 만료 없음 중에서 골라주세요.',
  tooMany: `토큰은 한 사람당 ${TokenLimits.perPerson}개까지 만들 수 있습니다.`,
  notFound: '토큰을 찾을 수 없습니다.',
  sessionOnly: '개인 액세스 토큰으로는 할 수 없는 작업입니다. 브라우저에서 로그인해 진행해주세요.',
  scopeMissing: (scope: PersonalTokenScope) =>
    `이 토큰에는 '${scopeLabels[scope]}' 권한이 없습니다.`,
} as const;

export const scopeLabels: Record<PersonalTokenScope, string> = {
  read: '읽기',
  write: '쓰기',
  chat: '채팅',
};

export const personalTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, to tell which one it is. */
  prefix: z.string(),
  scopes: z.array(personalTokenScopeSchema),
  createdAt: z.string(),
  /** Written at most once a minute. */
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type PersonalToken = z.infer<typeof personalTokenSchema>;

/** The answer to a creation: the token itself, shown this once. */
export const createdPersonalTokenSchema = personalTokenSchema.extend({ token: z.string() });
export type CreatedPersonalToken = z.infer<typeof createdPersonalTokenSchema>;

export const createPersonalTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, tokenMessages.nameRequired)
    .max(TokenLimits.nameMax, tokenMessages.nameTooLong),
  scopes: z
    .array(personalTokenScopeSchema)
    .min(1, tokenMessages.scopesRequired)
    .max(personalTokenScopes.length)
    .transform((scopes) => personalTokenScopes.filter((scope) => scopes.includes(scope))),
  /** Days until it stops working; null: until revoked. */
  expiresInDays: z
    .number({ error: tokenMessages.expiryInvalid })
    .int(tokenMessages.expiryInvalid)
    .min(1, tokenMessages.expiryInvalid)
    .max(365, tokenMessages.expiryInvalid)
    .refine((days) => (TokenLimits.expiryDays as readonly number[]).includes(days), {
      error: tokenMessages.expiryInvalid,
    })
    .nullable()
    .default(90),
});
export type CreatePersonalToken = z.input<typeof createPersonalTokenSchema>;

export const tokenEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/users/me/tokens',
    summary: 'The caller’s personal access tokens (never the tokens themselves)',
    auth: 'session',
    response: z.array(personalTokenSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/users/me/tokens',
    summary: 'Create a personal access token; the answer shows it this once',
    auth: 'session',
    body: createPersonalTokenSchema,
    response: createdPersonalTokenSchema,
    status: 201,
    errors: { 409: [ErrorCode.PERSONAL_TOKEN_LIMIT] },
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/users/me/tokens/:id',
    summary: 'Revoke a personal access token: it stops working at once, live connections too',
    auth: 'session',
    params: z.object({ id: idSchema }),
    status: 204,
  }),
};
