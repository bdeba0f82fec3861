// Must come first: configures zod before the contract schemas are built.
import '../../../lib/zod-setup';
import { userSchema, type User } from '@teamup/contracts/users';

/** The `user` query of the social-login callback: JSON, possibly URI-encoded; null if unusable. */
export function parseOauthUser(raw: string | null): User | null {
  if (!raw) return null;
  for (const text of [raw, safeDecode(raw)]) {
    try {
      const parsed = userSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON in this form; try the next
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
