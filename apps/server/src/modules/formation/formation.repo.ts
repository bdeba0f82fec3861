import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { formationVotes, formations, users } from '../../db/schema';

export type FormationRow = typeof formations.$inferSelect;

export async function insert(db: Db, row: typeof formations.$inferInsert): Promise<FormationRow> {
  const [created] = await db.insert(formations).values(row).returning();
  if (!created) throw new Error('formation insert returned nothing');
  return created;
}

export async function find(db: Db, id: number): Promise<FormationRow | undefined> {
  const [row] = await db.select().from(formations).where(eq(formations.id, id));
  return row;
}

/** The row, locked until the transaction ends (confirming twice at once runs one after the other). */
export async function findForUpdate(db: Db, id: number): Promise<FormationRow | undefined> {
  const [row] = await db.select().from(formations).where(eq(formations.id, id)).for('update');
  return row;
}

/** The row, shared-locked: votes may be cast side by side, but a close waits for them. */
export async function findForShare(db: Db, id: number): Promise<FormationRow | undefined> {
  const [row] = await db.select().from(formations).where(eq(formations.id, id)).for('share');
  return row;
}

/**
 * Open votes whose reminder is due: each reminder is claimed (cleared) by one conditional
 * UPDATE, so with several instances sweeping, exactly one sends it.
 */
export function claimDueReminders(db: Db, now: Date) {
  return db
    .update(formations)
    .set({ remindAt: null })
    .where(
      and(
        eq(formations.method, 'VOTE'),
        eq(formations.status, 'OPEN'),
        isNotNull(formations.remindAt),
        lte(formations.remindAt, now),
      ),
    )
    .returning({
      id: formations.id,
      workspaceId: formations.workspaceId,
      participantIds: formations.participantIds,
      deadline: formations.deadline,
    });
}

/** Open votes past their deadline (closed one by one under the row lock). */
export async function dueVotes(db: Db, now: Date, limit = 50): Promise<number[]> {
  const rows = await db
    .select({ id: formations.id })
    .from(formations)
    .where(
      and(
        eq(formations.status, 'OPEN'),
        eq(formations.method, 'VOTE'),
        isNotNull(formations.deadline),
        lte(formations.deadline, now),
      ),
    )
    .orderBy(asc(formations.deadline), asc(formations.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export function listByWorkspace(db: Db, workspaceId: number) {
  return db
    .select()
    .from(formations)
    .where(eq(formations.workspaceId, workspaceId))
    .orderBy(desc(formations.createdAt), desc(formations.id))
    .limit(50);
}

/** Applies `patch` only while the session is still in `status`; answers whether it did. */
export async function updateIf(
  db: Db,
  id: number,
  status: FormationRow['status'],
  patch: Partial<typeof formations.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(formations)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(formations.id, id), eq(formations.status, status)))
    .returning({ id: formations.id });
  return rows.length === 1;
}

export type Profile = {
  id: number;
  name: string;
  hashtags: string[];
  mbti: string | null;
  disposition: string | null;
  preferWorkstyle: string | null;
  dislikeWorkstyle: string | null;
};

/** Names and the traits the 'balanced' option looks at. */
export async function profilesOf(db: Db, ids: number[]): Promise<Map<number, Profile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      hashtags: users.hashtags,
      mbti: users.mbti,
      disposition: users.disposition,
      preferWorkstyle: users.preferWorkstyle,
      dislikeWorkstyle: users.dislikeWorkstyle,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export function votesOf(db: Db, formationId: number) {
  return db
    .select({ userId: formationVotes.userId, ranking: formationVotes.ranking })
    .from(formationVotes)
    .where(eq(formationVotes.formationId, formationId));
}

export async function saveVote(db: Db, formationId: number, userId: number, ranking: number[]) {
  await db
    .insert(formationVotes)
    .values({ formationId, userId, ranking })
    .onConflictDoUpdate({
      target: [formationVotes.formationId, formationVotes.userId],
      set: { ranking, updatedAt: sql`now()` },
    });
}
