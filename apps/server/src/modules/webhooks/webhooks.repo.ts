import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { WebhookDeliveryEvent } from '@teamup/contracts/webhooks';
import type { Db } from '../../db/client';
import {
  chatRooms,
  incomingWebhooks,
  kanbanTasks,
  outgoingWebhooks,
  teams,
  users,
  webhookDeliveries,
} from '../../db/schema';

export type OutgoingRow = typeof outgoingWebhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type IncomingRow = typeof incomingWebhooks.$inferSelect;

/** Each webhook with its newest delivery's outcome (for the list). */
export async function listOutgoing(db: Db, workspaceId: number) {
  const newest = db
    .select({
      webhookId: webhookDeliveries.webhookId,
      last: sql<number>`max(${webhookDeliveries.id})`.as('last'),
    })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.webhookId)
    .as('newest');
  return db
    .select({
      webhook: outgoingWebhooks,
      lastStatus: webhookDeliveries.status,
      lastAt:
        sql<Date | null>`coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(outgoingWebhooks)
    .leftJoin(newest, eq(newest.webhookId, outgoingWebhooks.id))
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.id, newest.last))
    .where(eq(outgoingWebhooks.workspaceId, workspaceId))
    .orderBy(outgoingWebhooks.id);
}

export async function countOutgoing(db: Db, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outgoingWebhooks)
    .where(eq(outgoingWebhooks.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** The enabled webhooks of these workspaces (what events are matched against). */
export function enabledOutgoing(db: Db, workspaceIds: readonly number[]): Promise<OutgoingRow[]> {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(outgoingWebhooks)
    .where(
      and(
        inArray(outgoingWebhooks.workspaceId, [...workspaceIds]),
        eq(outgoingWebhooks.enabled, true),
      ),
    );
}

export async function insertOutgoing(
  db: Db,
  row: typeof outgoingWebhooks.$inferInsert,
): Promise<OutgoingRow> {
  const [inserted] = await db.insert(outgoingWebhooks).values(row).returning();
  if (!inserted) throw new Error('webhook insert returned nothing');
  return inserted;
}

export async function findOutgoing(
  db: Db,
  workspaceId: number,
  id: number,
): Promise<OutgoingRow | undefined> {
  const [row] = await db
    .select()
    .from(outgoingWebhooks)
    .where(and(eq(outgoingWebhooks.id, id), eq(outgoingWebhooks.workspaceId, workspaceId)));
  return row;
}

export async function updateOutgoing(
  db: Db,
  id: number,
  patch: Partial<Pick<OutgoingRow, 'name' | 'url' | 'events' | 'enabled'>>,
): Promise<void> {
  await db.update(outgoingWebhooks).set(patch).where(eq(outgoingWebhooks.id, id));
}

export async function deleteOutgoing(db: Db, workspaceId: number, id: number) {
  const [row] = await db
    .delete(outgoingWebhooks)
    .where(and(eq(outgoingWebhooks.id, id), eq(outgoingWebhooks.workspaceId, workspaceId)))
    .returning();
  return row;
}

export async function insertDeliveries(
  db: Db,
  rows: readonly {
    webhookId: number;
    event: WebhookDeliveryEvent;
    payload: string;
    createdAt: Date;
    nextAttemptAt: Date;
  }[],
): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values([...rows])
    .returning();
}

/** Keeps the newest `keep` deliveries of each webhook: the log is a window, not an archive. */
export async function pruneDeliveries(
  db: Db,
  webhookIds: readonly number[],
  keep: number,
): Promise<void> {
  for (const webhookId of webhookIds) {
    const [edge] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.id))
      .offset(keep)
      .limit(1);
    if (!edge) continue;
    await db
      .delete(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.webhookId, webhookId), lt(webhookDeliveries.id, edge.id + 1)),
      );
  }
}

export function listDeliveries(db: Db, webhookId: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

/** A delivery with what sending it needs from its webhook (locked for the try). */
export async function deliveryToSend(db: Db, id: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: outgoingWebhooks })
    .from(webhookDeliveries)
    .innerJoin(outgoingWebhooks, eq(outgoingWebhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, id))
    .for('update', { of: webhookDeliveries });
  return row;
}

export async function updateDelivery(
  db: Db,
  id: number,
  patch: Partial<
    Pick<
      DeliveryRow,
      'status' | 'attempts' | 'responseStatus' | 'error' | 'lastAttemptAt' | 'nextAttemptAt'
    >
  >,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set(patch)
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

// Incoming webhooks

export function listIncoming(db: Db, roomId: number) {
  return db
    .select({ webhook: incomingWebhooks, creatorName: users.name })
    .from(incomingWebhooks)
    .leftJoin(users, eq(users.id, incomingWebhooks.createdBy))
    .where(eq(incomingWebhooks.roomId, roomId))
    .orderBy(incomingWebhooks.id);
}

export async function countIncoming(db: Db, roomId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(incomingWebhooks)
    .where(eq(incomingWebhooks.roomId, roomId));
  return row?.n ?? 0;
}

export async function insertIncoming(
  db: Db,
  row: typeof incomingWebhooks.$inferInsert,
): Promise<IncomingRow> {
  const [inserted] = await db.insert(incomingWebhooks).values(row).returning();
  if (!inserted) throw new Error('webhook insert returned nothing');
  return inserted;
}

export async function deleteIncoming(db: Db, roomId: number, id: number) {
  const [row] = await db
    .delete(incomingWebhooks)
    .where(and(eq(incomingWebhooks.id, id), eq(incomingWebhooks.roomId, roomId)))
    .returning();
  return row;
}

export async function findIncomingByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(incomingWebhooks)
    .where(eq(incomingWebhooks.tokenHash, tokenHash));
  return row;
}

export async function touchIncoming(db: Db, id: number, at: Date): Promise<void> {
  await db.update(incomingWebhooks).set({ lastUsedAt: at }).where(eq(incomingWebhooks.id, id));
}

// What payloads say beyond the facts (webhook-events.ts)

export async function nameOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

export async function teamOf(db: Db, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row ?? null;
}

export async function roomOf(db: Db, roomId: number) {
  const [row] = await db
    .select({ name: chatRooms.name, type: chatRooms.type })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId));
  return row;
}

export async function taskTitleOf(db: Db, taskId: number): Promise<string | null> {
  const [row] = await db
    .select({ title: kanbanTasks.subject })
    .from(kanbanTasks)
    .where(eq(kanbanTasks.id, taskId));
  return row?.title ?? null;
}

/** The workspace of each team named (one query for all of them). */
export async function workspacesOfTeams(
  db: Db,
  teamIds: readonly number[],
): Promise<Map<number, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ id: teams.id, workspaceId: teams.workspaceId })
    .from(teams)
    .where(inArray(teams.id, [...new Set(teamIds)]));
  return new Map(rows.map((row) => [row.id, row.workspaceId]));
}
