import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, emailCodes, refreshTokens } from '../../db/schema';

export type SessionRow = typeof authSessions.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type CodePurpose = EmailCodeRow['purpose'];

// --- sessions and refresh tokens -------------------------------------------------------------

export async function insertSession(
  db: Db,
  row: {
    userId: number;
    clientInfo: Record<string, string>;
    ip: string | null;
    expiresAt: Date;
    kind?: 'LOGIN' | 'TOKEN';
    signedInWith?: SessionRow['signedInWith'];
  },
): Promise<SessionRow> {
  const [session] = await db.insert(authSessions).values(row).returning();
  if (!session) throw new Error('session insert returned nothing');
  return session;
}

export async function insertRefreshToken(
  db: Db,
  sessionId: number,
  tokenHash: string,
): Promise<void> {
  await db.insert(refreshTokens).values({ sessionId, tokenHash });
}

export async function findActiveSession(
  db: Db,
  sessionId: number,
  userId: number,
  now: Date,
): Promise<SessionRow | undefined> {
  return db.query.authSessions.findFirst({
    where: and(
      eq(authSessions.id, sessionId),
      eq(authSessions.userId, userId),
      isNull(authSessions.revokedAt),
      gt(authSessions.expiresAt, now),
    ),
  });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used; false when it already was (a concurrent or replayed use). */
export async function markRefreshTokenUsed(db: Db, tokenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, sessionId));
}

export async function revokeSession(
  db: Db,
  sessionId: number,
  reason: string,
  now: Date,
  userId?: number,
): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(authSessions.id, sessionId),
        isNull(authSessions.revokedAt),
        userId === undefined ? undefined : eq(authSessions.userId, userId),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length === 1;
}

/** Revokes every live session of a user, except `keepSessionId` when given; answers their ids. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: string,
  now: Date,
  keepSessionId?: number,
): Promise<number[]> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(authSessions.id, keepSessionId),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.map((row) => row.id);
}

export function listActiveSessions(db: Db, userId: number, now: Date): Promise<SessionRow[]> {
  return db.query.authSessions.findMany({
    where: and(
      eq(authSessions.userId, userId),
      // A personal access token's session is listed with the tokens, not here.
      eq(authSessions.kind, 'LOGIN'),
      isNull(authSessions.revokedAt),
      gt(authSessions.expiresAt, now),
    ),
    orderBy: [desc(authSessions.lastUsedAt)],
  });
}

// --- mailed codes ------------------------------------------------------------------------------

export async function insertEmailCode(
  db: Db,
  row: { email: string; purpose: CodePurpose; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(emailCodes).values(row);
}

export function latestEmailCode(
  db: Db,
  email: string,
  purpose: CodePurpose,
): Promise<EmailCodeRow | undefined> {
  return db.query.emailCodes.findFirst({
    where: and(
      eq(emailCodes.email, email),
      eq(emailCodes.purpose, purpose),
      isNull(emailCodes.consumedAt),
    ),
    orderBy: [desc(emailCodes.createdAt), desc(emailCodes.id)],
  });
}

/** Counts one wrong try, atomically; answers the new count, or undefined if the code was used up. */
export async function countWrongAttempt(
  db: Db,
  codeId: number,
  maxAttempts: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, codeId), lt(emailCodes.attempts, maxAttempts)))
    .returning({ attempts: emailCodes.attempts });
  return row?.attempts;
}

export async function markCodeVerified(db: Db, codeId: number, now: Date): Promise<void> {
  await db.update(emailCodes).set({ verifiedAt: now }).where(eq(emailCodes.id, codeId));
}

/** Consumes a code once; false when another request consumed it first. */
export async function consumeCode(db: Db, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}
