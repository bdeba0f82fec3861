import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { idSchema } from './common';
import { endpoint } from './endpoint';
import { Limits, emailPattern, signupPasswordPattern } from './limits';
import { userSchema } from './users';

export const AuthMessages = {
  emailInvalid: '올바른 이메일 주소를 입력해주세요.',
  passwordRequired: '비밀번호를 입력해주세요.',
  codeLength: '6자리 인증 코드를 입력해주세요.',
  signupPasswordPolicy: '8자 이상, 대소문자, 숫자를 포함해야 합니다.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  passwordTooLong: `비밀번호는 ${Limits.passwordMax}자 이하여야 합니다.`,
} as const;

export const emailSchema = z
  .string()
  .trim()
  // The length first, aborting: no pattern ever sees a megabyte.
  .max(Limits.emailMax, { message: AuthMessages.emailInvalid, abort: true })
  .regex(emailPattern, AuthMessages.emailInvalid)
  .transform((email) => email.toLowerCase());

const codeSchema = z
  .string()
  .trim()
  .max(Limits.codeLength, { message: AuthMessages.codeLength, abort: true })
  .regex(new RegExp(`^\\d{${Limits.codeLength}}$`), AuthMessages.codeLength);

/**
 * The one password policy (issue 41): every password a person sets (sign-up, change, reset) is 8+
 * characters with upper case, lower case and a digit, refused with one message. Each route and
 * each form that sets a password checks with this schema.
 */
export const newPasswordSchema = z
  .string()
  .min(1, AuthMessages.passwordRequired)
  .max(Limits.passwordMax, { message: AuthMessages.passwordTooLong, abort: true })
  .regex(signupPasswordPattern, AuthMessages.signupPasswordPolicy);

/** Browser facts sent on login and logout (spec 01 section 3). All optional, all bounded. */
export const clientInfoSchema = z
  .object({
    userAgent: z.string().max(Limits.clientInfoFieldMax).optional(),
    platform: z.string().max(Limits.clientInfoFieldMax).optional(),
    language: z.string().max(Limits.clientInfoFieldMax).optional(),
    timezone: z.string().max(Limits.clientInfoFieldMax).optional(),
    screenResolution: z.string().max(Limits.clientInfoFieldMax).optional(),
    timestamp: z.string().max(Limits.clientInfoFieldMax).optional(),
  })
  .partial();
export type ClientInfo = z.infer<typeof clientInfoSchema>;

export const emailRequestSchema = z.object({ email: emailSchema });
export const emailVerifySchema = z.object({ email: emailSchema, verificationCode: codeSchema });

export const registerSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    name: z.string().trim().max(Limits.nameMax).optional(),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: AuthMessages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, AuthMessages.passwordRequired).max(Limits.passwordMax),
  clientInfo: clientInfoSchema.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshSchema = z.object({ refreshToken: z.string().max(200).optional() });
export const logoutSchema = z.object({
  clientInfo: clientInfoSchema.optional(),
  refreshToken: z.string().max(200).optional(),
});

export const sessionResponseSchema = z.object({ authenticated: z.boolean(), user: userSchema });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, AuthMessages.passwordRequired).max(Limits.passwordMax),
  newPassword: newPasswordSchema,
});

export const resetEmailSchema = z.object({ email: emailSchema });
export const verifyResetCodeSchema = z.object({ email: emailSchema, resetCode: codeSchema });
export const verifyResetCodeResponseSchema = z.object({ valid: z.boolean(), message: z.string() });
export const resetPasswordSchema = z.object({
  email: emailSchema,
  resetCode: codeSchema,
  newPassword: newPasswordSchema,
});

/** One login session (a refresh-token family), for the "active sessions" list. */
export const authSessionSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  clientInfo: clientInfoSchema,
  ip: z.string().nullable(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;
export const authSessionListSchema = z.array(authSessionSchema);
export const authSessionParamsSchema = z.object({ sessionId: idSchema });

/** Answer of a code request: when the next resend is allowed. */
export const codeSentSchema = z.object({ resendAfterSeconds: z.number().int() });

// --- social login (spec 01: GET /auth/oauth/{provider}/login, POST /auth/oauth/exchange-token) ---

/** `sso`: the school's OpenID Connect provider, when OIDC_ISSUER is set (issue 46). */
export const oauthProviderSchema = z.enum(['google', 'kakao', 'sso']);
export type OauthProvider = z.infer<typeof oauthProviderSchema>;

/** GET /auth/providers: which social logins have configured credentials. */
export const authProvidersSchema = z.object({
  google: z.boolean(),
  kakao: z.boolean(),
  /** The school's single sign-on and its button's name; null when not configured. */
  sso: z.object({ name: z.string() }).nullable(),
});

export const OauthMessages = {
  providerDisabled: '사용할 수 없는 소셜 로그인입니다.',
  codeInvalid: '로그인 코드가 만료되었거나 이미 사용되었습니다. 다시 로그인해주세요.',
  stateInvalid: '로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해주세요.',
  providerFailed: '소셜 로그인 제공자와 통신하지 못했습니다. 잠시 후 다시 시도해주세요.',
  denied: '소셜 로그인이 취소되었습니다.',
  emailTaken:
    '같은 이메일로 가입된 계정이 있습니다. 이메일과 비밀번호로 로그인한 뒤 계정 설정에서 연결해주세요.',
  linkedElsewhere: '이 소셜 계정은 이미 다른 TeamUp 계정에 연결되어 있습니다.',
  ssoDomain:
    '이 이메일 도메인의 계정으로는 로그인할 수 없습니다. 학교(기관) 계정으로 로그인해주세요.',
  ssoEmailMissing:
    'SSO 제공자가 이메일 주소를 알려주지 않아 로그인할 수 없습니다. 관리자에게 문의해주세요.',
  unlinkNeedsPassword:
    '비밀번호를 먼저 설정해야 연결을 해제할 수 있습니다. 비밀번호 찾기로 설정해주세요.',
} as const;

/** POST /auth/oauth/exchange-token: the callback page's one-time code. */
export const oauthExchangeSchema = z.object({
  tempCode: z.string().min(1, OauthMessages.codeInvalid).max(200),
  clientInfo: clientInfoSchema.optional(),
});

export const oauthProviderParamsSchema = z.object({ provider: oauthProviderSchema });
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** POST /auth/oauth/{provider}/link: where to send the browser to link that provider. */
export const oauthLinkStartSchema = z.object({ url: z.string() });

/** The social identities linked to the caller's account. */
export const oauthLinksSchema = z.object({
  google: z.boolean(),
  kakao: z.boolean(),
  sso: z.boolean(),
  hasPassword: z.boolean(),
});
export type OauthLinks = z.infer<typeof oauthLinksSchema>;

// --- two-step verification (TOTP, RFC 6238) ---------------------------------------------------

export const TwoFactorMessages = {
  codeRequired: '인증 앱의 6자리 코드를 입력해주세요.',
  codeInvalid: '인증 코드가 올바르지 않습니다.',
  recoveryInvalid: '복구 코드가 올바르지 않거나 이미 사용되었습니다.',
  challengeInvalid: '로그인 확인 시간이 지났습니다. 처음부터 다시 로그인해주세요.',
  notSetUp: '2단계 인증 설정을 먼저 시작해주세요.',
  unreadable:
    '이 계정의 2단계 인증 정보를 읽을 수 없습니다. 복구 코드로 로그인한 뒤 2단계 인증을 다시 설정해주세요.',
  alreadyOn: '2단계 인증이 이미 켜져 있습니다.',
  disableNeedsProof: '비밀번호 또는 복구 코드를 입력해주세요.',
  tooMany: '인증 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
} as const;

const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, TwoFactorMessages.codeRequired);
const recoveryCodeSchema = z.string().trim().min(1).max(40);

/** Answer of a login whose account has two-step verification on: ask for a code next. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Short-lived; sent back with the code to POST /auth/login/2fa. */
  challengeToken: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /auth/login and /auth/oauth/exchange-token: the tokens, or a second step first. */
export const loginResultSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /auth/login/2fa: a code from the app, or one recovery code. */
export const twoFactorLoginSchema = z
  .object({
    challengeToken: z.string().min(1).max(2000),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
    clientInfo: clientInfoSchema.optional(),
  })
  .refine((input) => input.code !== undefined || input.recoveryCode !== undefined, {
    message: TwoFactorMessages.codeRequired,
    path: ['code'],
  });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /auth/2fa/setup: shown once, until confirmed with a first code. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /auth/2fa/disable: the password (accounts with one) or a recovery code. */
export const twoFactorDisableSchema = z
  .object({
    password: z.string().max(Limits.passwordMax).optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((input) => Boolean(input.password) || Boolean(input.recoveryCode), {
    message: TwoFactorMessages.disableNeedsProof,
    path: ['password'],
  });

// --- endpoints ----------------------------------------------------------------------------------

const exchangeSummary =
  'Trade the one-time code (same browser, 60 s) for tokens or a 2FA challenge';

export const authEndpoints = {
  requestEmailCode: endpoint({
    method: 'POST',
    path: '/auth/email/request',
    summary: 'Send a sign-up verification code to an email address',
    auth: 'public',
    body: emailRequestSchema,
    response: codeSentSchema,
    errors: {
      403: [ErrorCode.REGISTRATION_CLOSED],
      409: [ErrorCode.EMAIL_ALREADY_REGISTERED],
    },
  }),
  verifyEmailCode: endpoint({
    method: 'POST',
    path: '/auth/email/verify',
    summary: 'Check a sign-up verification code',
    auth: 'public',
    body: emailVerifySchema,
    response: z.literal(true),
    errors: { 410: [ErrorCode.CODE_EXPIRED] },
  }),
  register: endpoint({
    method: 'POST',
    path: '/users/register',
    summary: 'Create an account with a verified email address',
    auth: 'public',
    body: registerSchema,
    response: userSchema,
    status: 201,
    errors: {
      403: [ErrorCode.REGISTRATION_CLOSED],
      409: [ErrorCode.EMAIL_ALREADY_REGISTERED],
    },
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    summary: 'Log in: the tokens, or `twoFactorRequired` with a challenge for the code',
    auth: 'public',
    body: loginSchema,
    response: loginResultSchema,
    errors: { 401: [ErrorCode.INVALID_CREDENTIALS], 403: [ErrorCode.ACCOUNT_DEACTIVATED] },
  }),
  loginTwoFactor: endpoint({
    method: 'POST',
    path: '/auth/login/2fa',
    summary: 'Second login step: a code from the authenticator app, or a recovery code',
    auth: 'public',
    body: twoFactorLoginSchema,
    response: loginResponseSchema,
    errors: {
      401: [ErrorCode.TWO_FACTOR_CHALLENGE_INVALID, ErrorCode.TWO_FACTOR_CODE_INVALID],
      403: [ErrorCode.ACCOUNT_DEACTIVATED],
    },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Trade the refresh token for a new access token (the refresh token rotates)',
    auth: 'public',
    body: refreshSchema,
    response: loginResponseSchema,
    errors: {
      401: [
        ErrorCode.REFRESH_TOKEN_MISSING,
        ErrorCode.REFRESH_TOKEN_INVALID,
        ErrorCode.REFRESH_TOKEN_REUSED,
        ErrorCode.ACCOUNT_DEACTIVATED,
      ],
    },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    auth: 'session',
    summary: 'Sign out: end this login session',
    body: logoutSchema.nullish(),
    response: z.literal(true),
  }),
  session: endpoint({
    method: 'GET',
    path: '/auth/session',
    auth: 'session',
    summary: 'The signed-in account and its session',
    response: sessionResponseSchema,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/auth/sessions',
    auth: 'session',
    summary: 'Active login sessions of the caller',
    response: authSessionListSchema,
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/auth/sessions/:sessionId',
    auth: 'session',
    summary: 'Revoke one of the caller’s sessions',
    params: authSessionParamsSchema,
    status: 204,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/users/password',
    auth: 'session',
    summary: 'Change the password (the current one is required)',
    body: changePasswordSchema,
    response: z.literal(true),
  }),
  sendPasswordResetEmail: endpoint({
    method: 'POST',
    path: '/auth/send-password-reset-email',
    summary: 'Send a password reset code to an email address',
    auth: 'public',
    body: resetEmailSchema,
    response: codeSentSchema,
  }),
  verifyResetCode: endpoint({
    method: 'POST',
    path: '/auth/verify-reset-code',
    summary: 'Check a password reset code',
    auth: 'public',
    body: verifyResetCodeSchema,
    response: verifyResetCodeResponseSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with a verified reset code',
    auth: 'public',
    body: resetPasswordSchema,
    response: z.literal(true),
  }),
  providers: endpoint({
    method: 'GET',
    path: '/auth/providers',
    summary: 'Configured social-login providers',
    auth: 'public',
    response: authProvidersSchema,
  }),
  /** A browser navigation answered with a redirect, not a fetch. */
  oauthLogin: endpoint({
    method: 'GET',
    path: '/auth/oauth/:provider/login',
    summary: 'Start a social login: redirects to the provider (browser navigation)',
    auth: 'public',
    params: oauthProviderParamsSchema,
  }),
  /** The provider's redirect back, answered with a redirect to the web app. */
  oauthCallback: endpoint({
    method: 'GET',
    path: '/auth/oauth/:provider/callback',
    summary: "The provider's redirect back: on to the callback page with a one-time code",
    auth: 'public',
    params: oauthProviderParamsSchema,
    query: oauthCallbackQuerySchema,
  }),
  oauthExchange: endpoint({
    method: 'POST',
    path: '/auth/oauth/exchange-token',
    summary: exchangeSummary,
    auth: 'public',
    body: oauthExchangeSchema,
    response: loginResultSchema,
    errors: { 403: [ErrorCode.ACCOUNT_DEACTIVATED] },
  }),
  /** The spec's "social login completion" call: the same trade as `oauthExchange`. */
  oauthLoginCompletion: endpoint({
    method: 'POST',
    path: '/auth/login/oauth',
    summary: exchangeSummary,
    auth: 'public',
    body: oauthExchangeSchema,
    response: loginResultSchema,
    errors: { 403: [ErrorCode.ACCOUNT_DEACTIVATED] },
  }),
  oauthLinks: endpoint({
    method: 'GET',
    path: '/auth/oauth/links',
    auth: 'session',
    summary: 'The social accounts linked to the signed-in account',
    response: oauthLinksSchema,
  }),
  oauthLink: endpoint({
    method: 'POST',
    path: '/auth/oauth/:provider/link',
    auth: 'session',
    summary: 'Start linking a provider to the signed-in account: answers where to navigate',
    params: oauthProviderParamsSchema,
    response: oauthLinkStartSchema,
  }),
  oauthUnlink: endpoint({
    method: 'DELETE',
    path: '/auth/oauth/:provider/link',
    auth: 'session',
    summary: 'Unlink a social identity (only once the account has a password)',
    params: oauthProviderParamsSchema,
    status: 204,
  }),
  /** RP-initiated logout (OpenID Connect): where to send the browser after signing out. */
  ssoEndSession: endpoint({
    method: 'GET',
    path: '/auth/sso/end-session',
    auth: 'session',
    summary:
      'The SSO provider’s logout address for a person with a linked SSO identity, or null (no SSO, no end-session endpoint)',
    response: z.object({ url: z.string().nullable() }),
  }),
  twoFactorStatus: endpoint({
    method: 'GET',
    path: '/auth/2fa',
    auth: 'session',
    summary: 'Whether 2-step verification is on',
    response: twoFactorStatusSchema,
  }),
  twoFactorSetup: endpoint({
    method: 'POST',
    path: '/auth/2fa/setup',
    auth: 'session',
    summary: 'A new secret and its QR code; two-step verification is on only after enable',
    response: twoFactorSetupSchema,
    errors: { 409: [ErrorCode.TWO_FACTOR_ALREADY_ON] },
  }),
  twoFactorEnable: endpoint({
    method: 'POST',
    path: '/auth/2fa/enable',
    auth: 'session',
    summary: 'Confirm the setup with a first code; answers ten single-use recovery codes',
    body: twoFactorEnableSchema,
    response: recoveryCodesSchema,
  }),
  twoFactorDisable: endpoint({
    method: 'POST',
    path: '/auth/2fa/disable',
    auth: 'session',
    summary: 'Turn it off with the password or a recovery code',
    body: twoFactorDisableSchema,
    response: z.literal(true),
  }),
};
