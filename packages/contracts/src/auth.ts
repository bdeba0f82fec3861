import { z } from 'zod';
import { Limits, emailPattern, resetPasswordPattern, signupPasswordPattern } from './limits';
import { userSchema } from './users';

export const AuthMessages = {
  emailInvalid: '올바른 이메일 주소를 입력해주세요.',
  passwordRequired: '비밀번호를 입력해주세요.',
  codeLength: '6자리 인증 코드를 입력해주세요.',
  signupPasswordPolicy: '8자 이상, 대소문자, 숫자를 포함해야 합니다.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  passwordTooShort: '비밀번호는 8자 이상이어야 합니다.',
  resetPasswordPolicy: '8자 이상, 대소문자, 숫자, 특수문자를 포함해야 합니다.',
  passwordTooLong: `비밀번호는 ${Limits.passwordMax}자 이하여야 합니다.`,
} as const;

export const emailSchema = z
  .string()
  .trim()
  .max(Limits.emailMax, AuthMessages.emailInvalid)
  .regex(emailPattern, AuthMessages.emailInvalid)
  .transform((email) => email.toLowerCase());

const codeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${Limits.codeLength}}$`), AuthMessages.codeLength);

const signupPassword = z
  .string()
  .min(1, AuthMessages.passwordRequired)
  .max(Limits.passwordMax, AuthMessages.passwordTooLong)
  .regex(signupPasswordPattern, AuthMessages.signupPasswordPolicy);

const resetPassword = z
  .string()
  .min(Limits.passwordMin, AuthMessages.passwordTooShort)
  .max(Limits.passwordMax, AuthMessages.passwordTooLong)
  .regex(resetPasswordPattern, AuthMessages.resetPasswordPolicy);

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
    password: signupPassword,
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
  newPassword: z
    .string()
    .min(Limits.passwordMin, AuthMessages.passwordTooShort)
    .max(Limits.passwordMax, AuthMessages.passwordTooLong),
});

export const resetEmailSchema = z.object({ email: emailSchema });
export const verifyResetCodeSchema = z.object({ email: emailSchema, resetCode: codeSchema });
export const verifyResetCodeResponseSchema = z.object({ valid: z.boolean(), message: z.string() });
export const resetPasswordSchema = z.object({
  email: emailSchema,
  resetCode: codeSchema,
  newPassword: resetPassword,
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

/** Answer of a code request: when the next resend is allowed. */
export const codeSentSchema = z.object({ resendAfterSeconds: z.number().int() });
