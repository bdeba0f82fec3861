import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  boolean,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { WebhookDeliveryEvent, WebhookEvent } from '@teamup/contracts/webhooks';
// Read lazily (inside `references` callbacks), as schema-admin.ts does.
import { chatRooms, users, workspaces } from './schema';

/*
 * Webhooks (issue 46, decision 0052, migration 0042): outgoing ones a workspace's owner or admins
 * point at other systems, with a log of every delivery; incoming ones that post into a chat room.
 */
export const outgoingWebhooks = pgTable(
  'outgoing_webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    /** The signing secret, sealed with the server's secret box (it must be read to sign). */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outgoing_webhooks_workspace_idx').on(t.workspaceId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => outgoingWebhooks.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookDeliveryEvent>().notNull(),
    /** The exact body sent: every try signs and sends the same bytes. */
    payload: text('payload').notNull(),
    status: text('status').$type<'PENDING' | 'DELIVERED' | 'FAILED'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} IN ('PENDING', 'DELIVERED', 'FAILED')`,
    ),
  ],
);

export const incomingWebhooks = pgTable(
  'incoming_webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** The bot's name, shown as the sender of what it posts. */
    name: text('name').notNull(),
    /** SHA-256 of the URL's token: the URL itself is shown once and kept nowhere. */
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('incoming_webhooks_hash_key').on(t.tokenHash),
    index('incoming_webhooks_room_idx').on(t.roomId),
  ],
);
