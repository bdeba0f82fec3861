import { z } from 'zod';
import { Limits } from './limits';
import { idSchema } from './common';
import { binaryFile, endpoint } from './endpoint';
import { ErrorCode } from './error-codes';

export const providerSchema = z.enum(['LOCAL', 'GOOGLE', 'KAKAO', 'SSO']);
export type Provider = z.infer<typeof providerSchema>;

/** The signed-in user's own view of their account (spec 01 section 3, User). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  age: z.number().int().nullable(),
  mbti: z.string().nullable(),
  disposition: z.string().nullable(),
  hashtags: z.array(z.string()),
  introduction: z.string().nullable(),
  portfolio: z.string().nullable(),
  preferWorkstyle: z.string().nullable(),
  dislikeWorkstyle: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  provider: providerSchema,
  createdAt: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  /**
   * Whether the web app should offer the one-step "complete your profile" prompt after login
   * (issue 41): true until it is saved or skipped (on any device), false for an account that has
   * a photo or a name other than its e-mail handle.
   */
  profilePromptPending: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /users/{id}: a person as someone sharing a workspace with them sees them. */
export const userProfileSchema = userSchema.omit({ profilePromptPending: true }).extend({
  sharedWorkspaces: z.array(
    z.object({ id: z.number().int(), name: z.string(), iconUrl: z.string().nullable() }),
  ),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userParamsSchema = z.object({ id: idSchema });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label}은(는) ${max}자 이하여야 합니다.`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value?.trim() ? value : null));

/** PUT /users/me: every field optional; null or '' clears it. */
export const updateProfileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, '이름을 입력해주세요.')
    .max(Limits.nameMax, `이름은 ${Limits.nameMax}자 이하여야 합니다.`)
    .optional(),
  age: z.coerce
    .number()
    .int('나이는 정수여야 합니다.')
    .min(1, '나이는 1 이상이어야 합니다.')
    .max(150, '나이는 150 이하여야 합니다.')
    .nullable()
    .optional(),
  mbti: z
    .string()
    .trim()
    .regex(/^$|^[EI][SN][TF][JP]$/i, 'MBTI 형식이 올바르지 않습니다. (예: ENFP)')
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value.toUpperCase() : null)),
  disposition: optionalText(Limits.shortTextMax, '성향'),
  hashtags: z
    .array(
      z
        .string()
        .trim()
        .min(1, '빈 태그는 추가할 수 없습니다.')
        .max(Limits.hashtagMax, `태그는 ${Limits.hashtagMax}자 이하여야 합니다.`),
    )
    .max(Limits.hashtagsPerUser, `태그는 최대 ${Limits.hashtagsPerUser}개까지 추가할 수 있습니다.`)
    .optional()
    .transform((tags) => (tags ? [...new Set(tags)] : undefined)),
  introduction: optionalText(Limits.longTextMax, '자기소개'),
  portfolio: optionalText(Limits.urlMax, '포트폴리오'),
  preferWorkstyle: optionalText(Limits.longTextMax, '선호하는 작업 스타일'),
  dislikeWorkstyle: optionalText(Limits.longTextMax, '기피하는 작업 스타일'),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const profileImageResponseSchema = z.object({ profileImageUrl: z.string() });

export const hashtagSearchQuerySchema = z.object({
  q: z.string().trim().max(Limits.hashtagMax).default(''),
});
export const hashtagSearchResponseSchema = z.array(z.string());

export const checkDuplicateQuerySchema = z.object({
  email: z.string().trim().max(Limits.emailMax),
});
/** data.duplicate is true when the e-mail is already registered. */
export const checkDuplicateResponseSchema = z.object({
  duplicate: z.boolean(),
  available: z.boolean(),
});

export const userEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/users/me',
    summary: "The signed-in user's profile",
    response: userSchema,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/users/:id',
    summary: 'A profile, for people who share a workspace with them (else 404)',
    params: userParamsSchema,
    response: userProfileSchema,
  }),
  updateMe: endpoint({
    method: 'PUT',
    path: '/users/me',
    summary: "Update the signed-in user's profile",
    body: updateProfileSchema,
    response: userSchema,
  }),
  /** Multipart: one image in the field `file`. */
  uploadProfileImage: endpoint({
    method: 'POST',
    path: '/users/me/profile-image',
    summary: 'Upload a profile image (multipart field `file`)',
    form: z.object({ file: binaryFile('The image') }),
    response: profileImageResponseSchema,
  }),
  /** The prompt's "나중에 하기": it is not offered again, on any device. */
  dismissProfilePrompt: endpoint({
    method: 'POST',
    path: '/users/me/profile-prompt/dismiss',
    summary: 'Skip the after-login profile prompt for good; answers the updated user',
    response: userSchema,
    errors: { 404: [ErrorCode.USER_NOT_FOUND] },
  }),
  checkDuplicate: endpoint({
    method: 'GET',
    path: '/users/check-duplicate',
    summary: 'Whether an email address is already registered',
    auth: 'public',
    query: checkDuplicateQuerySchema,
    response: checkDuplicateResponseSchema,
  }),
  searchHashtags: endpoint({
    method: 'GET',
    path: '/hashtags/search',
    summary: 'Hashtags matching a search text',
    query: hashtagSearchQuerySchema,
    response: hashtagSearchResponseSchema,
  }),
};
