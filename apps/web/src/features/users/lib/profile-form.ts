// Must come first: configures zod before the contract schemas are built.
import '../../../lib/zod-setup';
import { Limits } from '@teamup/contracts/limits';
import { updateProfileSchema, type User } from '@teamup/contracts/users';
import type { FieldError } from '../../../lib/api-error';
import { ko } from '../../../i18n/ko';
import type { UpdateProfileBody } from '../api/update-me';

/** What the profile form edits; text inputs hold '' for "not set". */
export interface ProfileFormValues {
  name: string;
  age: number | string;
  mbti: string;
  disposition: string;
  hashtags: string[];
  introduction: string;
  portfolio: string;
  preferWorkstyle: string;
  dislikeWorkstyle: string;
}

export function toFormValues(user: User): ProfileFormValues {
  return {
    name: user.name,
    age: user.age ?? '',
    mbti: user.mbti ?? '',
    disposition: user.disposition ?? '',
    hashtags: [...user.hashtags],
    introduction: user.introduction ?? '',
    portfolio: user.portfolio ?? '',
    preferWorkstyle: user.preferWorkstyle ?? '',
    dislikeWorkstyle: user.dislikeWorkstyle ?? '',
  };
}

type ParseResult =
  { success: true; body: UpdateProfileBody } | { success: false; errors: Record<string, string> };

/** Checks the form with the contract's updateProfileSchema, as the server will. */
export function parseProfileForm(values: ProfileFormValues): ParseResult {
  const age = values.age === '' ? null : Number(values.age);
  const parsed = updateProfileSchema.safeParse({ ...values, age });
  if (parsed.success) return { success: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= issue.message;
  }
  return { success: false, errors };
}

const nameOnlySchema = updateProfileSchema.pick({ name: true }).required();

/** The display name alone (the after-login prompt), checked as the profile editor checks it. */
export function checkProfileName(name: string): string | null {
  const parsed = nameOnlySchema.safeParse({ name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The PUT /users/me body that saves the display name alone (every other field left as is). */
export function nameOnlyBody(name: string): UpdateProfileBody {
  return updateProfileSchema.parse({ name });
}

/** Field errors of a refused save, keyed by form field ('hashtags.2' belongs to 'hashtags'). */
export function formErrorsFromProblem(fieldErrors: FieldError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of fieldErrors) {
    const key = field.split('.')[0] ?? field;
    errors[key] ??= message;
  }
  return errors;
}

const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Profile image: JPG, PNG, GIF or WebP, at most 5 MB. */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!imageTypes.includes(file.type)) return ko.validation.imageOnly;
  if (file.size > Limits.profileImageMaxBytes) return ko.validation.fileTooLarge;
  return null;
}

export const acceptedImageTypes = imageTypes.join(',');
