import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Read lazily (inside `references` callbacks), as schema-class.ts does.
import { users } from './schema';

/*
 * The instance admin (issue 46, migration 0039, decision 0050): who may register, and the e-mail
 * addresses an admin invited to. A deactivated account is `users.deactivated_at`.
 */

/** One row (id 1): the instance's registration policy. Absent means the defaults (OPEN). */
export const instanceSettings = pgTable(
  'instance_settings',
  {
    id: smallint('id').primaryKey().default(1),
    registration: text('registration', { enum: ['OPEN', 'INVITE_ONLY', 'DOMAINS', 'SSO_ONLY'] })
      .notNull()
      .default('OPEN'),
    allowedDomains: text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('instance_settings_single_row', sql`${t.id} = 1`),
    check(
      'instance_settings_registration_check',
      sql`${t.registration} IN ('OPEN', 'INVITE_ONLY', 'DOMAINS', 'SSO_ONLY')`,
    ),
  ],
);

/** An address an admin invited to register; `usedAt` once it did. */
export const registrationInvitations = pgTable(
  'registration_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Always stored lower-case. */
    email: text('email').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('registration_invitations_email_key').on(t.email)],
);

/**
 * The audit log (migration 0040, decision 0050): security and admin events with who, what, when
 * and from where, kept AUDIT_RETENTION_DAYS. Labels are copied at the time (an e-mail, a
 * workspace's name), so an entry still says who and what after they are gone.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's e-mail then (or the address a failed sign-in named). */
    actorLabel: text('actor_label'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_action_idx').on(t.action, t.at),
    index('audit_events_actor_idx').on(t.actorId, t.at),
  ],
);
