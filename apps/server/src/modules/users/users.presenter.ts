import type { User } from '@teamup/contracts/users';
import type { UserRow } from './users.repo';

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
  };
}
