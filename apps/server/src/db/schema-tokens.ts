import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PersonalTokenScope } from '@teamup/contracts/tokens';
// Read lazily (inside `references` callbacks), as schema-admin.ts does.
import { authSessions, users } from './schema';

/*
 * Personal access tokens (issue 46, migration 0041): a person's keys for scripts. Each owns a login
 * session of kind TOKEN, which is what revocation, deactivation and a password reset end.
 */
export const personalTokens = pgTable(
  'personal_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the token as given: the token itself is shown once and kept nowhere. */
    tokenHash: text('token_hash').notNull(),
    /** Its first characters, shown to tell tokens apart. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().$type<PersonalTokenScope[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per instance. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('personal_tokens_hash_key').on(t.tokenHash),
    uniqueIndex('personal_tokens_session_key').on(t.sessionId),
    index('personal_tokens_user_idx').on(t.userId),
  ],
);
