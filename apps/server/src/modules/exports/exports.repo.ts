import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataExports, users, workspaces } from '../../db/schema';

export type ExportRow = typeof dataExports.$inferSelect;

export async function insertExport(
  db: Db,
  row: typeof dataExports.$inferInsert,
): Promise<ExportRow> {
  const [inserted] = await db.insert(dataExports).values(row).returning();
  if (!inserted) throw new Error('export insert returned nothing');
  return inserted;
}

export async function findExport(db: Db, id: number): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** The person's exports, newest first. */
export function exportsOf(db: Db, userId: number, limit = 50): Promise<ExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.id))
    .limit(limit);
}

export async function countSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gte(dataExports.createdAt, since)));
  return row?.n ?? 0;
}

export async function updateExport(
  db: Db,
  id: number,
  patch: Partial<
    Pick<ExportRow, 'status' | 'storageKey' | 'size' | 'finishedAt' | 'expiresAt' | 'label'>
  >,
): Promise<void> {
  await db.update(dataExports).set(patch).where(eq(dataExports.id, id));
}

export async function workspaceName(db: Db, workspaceId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.name;
}

export async function emailOf(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
