import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// Read lazily (inside `references` callbacks), as schema-admin.ts does.
import { users, workspaces } from './schema';

/*
 * Data exports (issue 46, migration 0044): a workspace's or a person's data, built into a zip by a
 * job and downloaded by the person who asked, for a week.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'WORKSPACE' | 'PERSONAL'>().notNull(),
    /** Who asked: the only one who may download it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id').references(() => workspaces.id, {
      onDelete: 'set null',
    }),
    /** The workspace's name when asked (kept after the workspace is gone). */
    label: text('label'),
    status: text('status').$type<'PENDING' | 'READY' | 'FAILED'>().notNull().default('PENDING'),
    /** Where the zip is kept while it can be downloaded. */
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.id),
    check('data_exports_kind_check', sql`${t.kind} IN ('WORKSPACE', 'PERSONAL')`),
    check('data_exports_status_check', sql`${t.status} IN ('PENDING', 'READY', 'FAILED')`),
  ],
);
