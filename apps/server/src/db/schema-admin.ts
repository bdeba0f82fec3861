import { sql } from 'drizzle-orm';
import {
  check,
  integer,
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
    registration: text('registration', { enum: ['OPEN', 'INVITE_ONLY', 'DOMAINS'] })
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
      sql`${t.registration} IN ('OPEN', 'INVITE_ONLY', 'DOMAINS')`,
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
