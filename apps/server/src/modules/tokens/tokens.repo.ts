import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { PersonalTokenScope } from '@teamup/contracts/tokens';
import type { Db } from '../../db/client';
import { authSessions, personalTokens } from '../../db/schema';

export type TokenRow = typeof personalTokens.$inferSelect;

/** The person's tokens whose session was not ended otherwise (a reset, a deactivation). */
export function listTokens(db: Db, userId: number): Promise<TokenRow[]> {
  return db
    .select({ token: personalTokens })
    .from(personalTokens)
    .innerJoin(authSessions, eq(authSessions.id, personalTokens.sessionId))
    .where(and(eq(personalTokens.userId, userId), isNull(authSessions.revokedAt)))
    .orderBy(asc(personalTokens.id))
    .then((rows) => rows.map((row) => row.token));
}

export async function countTokens(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(personalTokens)
    .innerJoin(authSessions, eq(authSessions.id, personalTokens.sessionId))
    .where(and(eq(personalTokens.userId, userId), isNull(authSessions.revokedAt)));
  return row?.n ?? 0;
}

export async function insertToken(
  db: Db,
  row: {
    userId: number;
    sessionId: number;
    name: string;
    tokenHash: string;
    prefix: string;
    scopes: PersonalTokenScope[];
    createdAt: Date;
    expiresAt: Date | null;
  },
): Promise<TokenRow> {
  const [inserted] = await db.insert(personalTokens).values(row).returning();
  if (!inserted) throw new Error('token insert returned nothing');
  return inserted;
}

export async function findByHash(db: Db, tokenHash: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(personalTokens)
    .where(eq(personalTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Deletes one of `userId`'s tokens; answers it, or undefined when there is no such token. */
export async function deleteToken(
  db: Db,
  id: number,
  userId: number,
): Promise<TokenRow | undefined> {
  const [row] = await db
    .delete(personalTokens)
    .where(and(eq(personalTokens.id, id), eq(personalTokens.userId, userId)))
    .returning();
  return row;
}

export async function touchToken(db: Db, id: number, at: Date): Promise<void> {
  await db.update(personalTokens).set({ lastUsedAt: at }).where(eq(personalTokens.id, id));
}
