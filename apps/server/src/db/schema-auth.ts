import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Read lazily (inside `references` callbacks), as schema-admin.ts does: schema.ts re-exports this
// file, so the cycle is never read while a module is still being evaluated.
import { users } from './schema';

/*
 * Signing in (the auth module): login sessions and their refresh tokens, mailed codes, social
 * identities and their flows, two-step verification. A personal access token's session is an
 * `auth_sessions` row of kind TOKEN (schema-tokens.ts).
 */

/** The ways into a login session: a password, or a provider's identity. */
export const signInMethods = ['PASSWORD', 'GOOGLE', 'KAKAO', 'SSO'] as const;
export type SignInMethod = (typeof signInMethods)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A login session: one refresh-token family, listed and revocable on account settings. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientInfo: jsonb('client_info').$type<Record<string, string>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    /** LOGIN: a browser's (refresh tokens); TOKEN: a personal access token's (schema-tokens). */
    kind: text('kind', { enum: ['LOGIN', 'TOKEN'] })
      .notNull()
      .default('LOGIN'),
    /**
     * How a LOGIN session was signed in (migration 0046): signing out goes on to the SSO
     * provider's end-session page only after an SSO sign-in. Null for TOKEN sessions and for
     * sessions opened before the column.
     */
    signedInWith: text('signed_in_with', { enum: signInMethods }),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    check('auth_sessions_kind_check', sql`${t.kind} IN ('LOGIN', 'TOKEN')`),
    check(
      'auth_sessions_signed_in_with_check',
      sql`${t.signedInWith} IN ('PASSWORD', 'GOOGLE', 'KAKAO', 'SSO')`,
    ),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 hashes and rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** Mailed one-time codes for sign-up verification and password reset. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['SIGNUP', 'RESET'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

/** A social-login identity tied to an account (one account may hold several). */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['GOOGLE', 'KAKAO', 'SSO'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_identities_provider_key').on(t.provider, t.providerUserId),
    uniqueIndex('oauth_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * One started social login: the state (hashed) sent to the provider, the PKCE verifier, and the
 * browser it started in (a hashed cookie value). Used once, within minutes.
 */
export const oauthFlows = pgTable('oauth_flows', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider', { enum: ['GOOGLE', 'KAKAO', 'SSO'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  browserHash: text('browser_hash').notNull(),
  /** Set when a signed-in user links this provider to their account instead of logging in. */
  linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** SSO only: the nonce the ID token must carry back (migration 0043). */
  nonce: text('nonce'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The one-time code the callback page trades for tokens: 60 s, once, same browser. */
export const oauthTempCodes = pgTable('oauth_temp_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  browserHash: text('browser_hash').notNull(),
  /** The provider the code's sign-in came through (migration 0046): the session records it. */
  provider: text('provider', { enum: ['GOOGLE', 'KAKAO', 'SSO'] }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** TOTP two-step verification: the secret (encrypted), on once confirmed with a first code. */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step accepted, so one code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes (hashed) for when the authenticator is lost. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('totp_recovery_codes_key').on(t.userId, t.codeHash)],
);
