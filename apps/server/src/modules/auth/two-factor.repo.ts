import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { totpFactors, totpRecoveryCodes } from '../../db/schema';

export type FactorRow = typeof totpFactors.$inferSelect;

export async function findFactor(db: Db, userId: number): Promise<FactorRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

/** Starts (or restarts) a setup: a new secret, not on until confirmed. */
export async function savePendingFactor(db: Db, userId: number, secretEncrypted: string) {
  await db
    .insert(totpFactors)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretEncrypted, enabledAt: null, lastStep: null },
      setWhere: isNull(totpFactors.enabledAt),
    });
}

/**
 * Records that the code of time step `step` was accepted, unless that step (or a later one) was
 * already used: a code works once. Answers whether this use counts.
 */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

/** The same secret sealed again (under the current encryption key). */
export async function resealFactor(db: Db, userId: number, secretEncrypted: string) {
  await db.update(totpFactors).set({ secretEncrypted }).where(eq(totpFactors.userId, userId));
}

export async function enableFactor(db: Db, userId: number, now: Date) {
  await db.update(totpFactors).set({ enabledAt: now }).where(eq(totpFactors.userId, userId));
}

export async function deleteFactor(db: Db, userId: number) {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends one unused recovery code; answers whether it was one. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string, now: Date) {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}
