import { Limits } from '@teamup/contracts/limits';
import type { User } from '@teamup/contracts/users';
import type { UserRow } from './users.repo';

/** The spec's display name for an account signed up without one: its e-mail's local part. */
export function defaultDisplayName(email: string): string {
  return email.split('@')[0] || email;
}

/**
 * Whether the after-login profile prompt is still to be offered (issue 41): not saved or skipped
 * yet, and the account still shows as its e-mail handle without a photo. An account that named
 * itself or chose a photo (before the prompt existed, or in the profile editor) counts as done.
 * The web's sign-up sends the handle cut to the name limit, in the case it was typed.
 */
function profilePromptPending(row: UserRow): boolean {
  if (row.profilePromptDoneAt !== null || row.profileImageUrl !== null) return false;
  const handle = defaultDisplayName(row.email);
  const name = row.name.toLowerCase();
  return name === handle || name === handle.slice(0, Limits.nameMax);
}

/** The account as its owner sees it; never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    age: row.age,
    mbti: row.mbti,
    disposition: row.disposition,
    hashtags: row.hashtags,
    introduction: row.introduction,
    portfolio: row.portfolio,
    preferWorkstyle: row.preferWorkstyle,
    dislikeWorkstyle: row.dislikeWorkstyle,
    profileImageUrl: row.profileImageUrl,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    role: row.role,
    profilePromptPending: profilePromptPending(row),
  };
}
