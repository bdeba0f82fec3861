import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthFlows, oauthIdentities, oauthTempCodes } from '../../db/schema';

export type ProviderName = 'GOOGLE' | 'KAKAO' | 'SSO';

export async function insertFlow(db: Db, row: typeof oauthFlows.$inferInsert) {
  await db.insert(oauthFlows).values(row);
}

/** Spends a started login once: unused, unexpired, same provider. Undefined otherwise. */
export async function consumeFlow(db: Db, stateHash: string, provider: ProviderName, now: Date) {
  const [row] = await db
    .update(oauthFlows)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthFlows.stateHash, stateHash),
        eq(oauthFlows.provider, provider),
        isNull(oauthFlows.usedAt),
        gt(oauthFlows.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findIdentity(db: Db, provider: ProviderName, providerUserId: string) {
  const [row] = await db
    .select()
    .from(oauthIdentities)
    .where(
      and(
        eq(oauthIdentities.provider, provider),
        eq(oauthIdentities.providerUserId, providerUserId),
      ),
    );
  return row;
}

export async function identitiesOf(db: Db, userId: number) {
  return db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, userId));
}

export async function insertIdentity(
  db: Db,
  row: { userId: number; provider: ProviderName; providerUserId: string },
) {
  await db.insert(oauthIdentities).values(row).onConflictDoNothing();
}

export async function deleteIdentity(db: Db, userId: number, provider: ProviderName) {
  const rows = await db
    .delete(oauthIdentities)
    .where(and(eq(oauthIdentities.userId, userId), eq(oauthIdentities.provider, provider)))
    .returning({ id: oauthIdentities.id });
  return rows.length > 0;
}

export async function insertTempCode(db: Db, row: typeof oauthTempCodes.$inferInsert) {
  await db.insert(oauthTempCodes).values(row);
}

/** Spends a callback code once, from the browser it was issued to, within its minute. */
export async function consumeTempCode(db: Db, codeHash: string, browserHash: string, now: Date) {
  const [row] = await db
    .update(oauthTempCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthTempCodes.codeHash, codeHash),
        eq(oauthTempCodes.browserHash, browserHash),
        isNull(oauthTempCodes.usedAt),
        gt(oauthTempCodes.expiresAt, now),
      ),
    )
    .returning({ userId: oauthTempCodes.userId, provider: oauthTempCodes.provider });
  return row;
}
