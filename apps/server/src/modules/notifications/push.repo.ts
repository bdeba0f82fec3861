import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  authSessions,
  chatRoomMembers,
  notifications,
  pushSubscriptions,
  teamMembers,
  workspaceMembers,
} from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Keeps a browser's subscription for `userId` and the session that subscribed it. The endpoint is
 * one browser profile: one already kept (subscribed again, or by another account signed in to
 * the same browser) moves to this person and session with the new keys.
 */
export async function upsert(
  db: Db,
  row: {
    userId: number;
    sessionId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
  now: Date,
): Promise<PushSubscriptionRow> {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values({ ...row, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        sessionId: row.sessionId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
        createdAt: now,
      },
    })
    .returning();
  if (!saved) throw new Error('push subscription not saved');
  return saved;
}

/** Deletes `userId`'s oldest subscriptions beyond the newest `keep`. */
export async function keepNewest(db: Db, userId: number, keep: number) {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .offset(keep);
  if (rows.length === 0) return;
  await db.delete(pushSubscriptions).where(
    inArray(
      pushSubscriptions.id,
      rows.map((row) => row.id),
    ),
  );
}

export function listOf(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** Deletes one of `userId`'s subscriptions; answers whether there was one. */
export async function deleteOwn(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The subscriptions the push service said are gone (unless subscribed again since, new keys). */
export async function deleteGone(db: Db, gone: ReadonlyArray<{ id: number; p256dh: string }>) {
  for (const { id, p256dh } of gone) {
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.p256dh, p256dh)));
  }
}

/** Subscriptions made by sessions that end (in the revocation's transaction). */
export async function deleteOfSessions(db: Db, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, [...sessionIds]));
}

/**
 * The subscriptions of `userIds` whose session still holds (one that expired unrevoked pushes
 * nothing: the device is signed out).
 */
export function activeOf(db: Db, userIds: readonly number[], now: Date) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(authSessions, eq(authSessions.id, pushSubscriptions.sessionId))
    .where(
      and(
        inArray(pushSubscriptions.userId, [...userIds]),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
      ),
    );
}

/** Of the notifications `ids`, those still unread, as they are now (a fold counted up since). */
export function unreadByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.id, [...ids]), isNull(notifications.readAt)));
}

/** Of `userIds`, those who may read what a push would tell of, by where it comes from. */
export async function withAccess(
  db: Db,
  scope: { roomId: number } | { teamId: number } | { workspaceId: number },
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const ids = [...userIds];
  let rows: Array<{ userId: number }>;
  if ('roomId' in scope) {
    rows = await db
      .select({ userId: chatRoomMembers.userId })
      .from(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, scope.roomId), inArray(chatRoomMembers.userId, ids)));
  } else if ('teamId' in scope) {
    rows = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, scope.teamId), inArray(teamMembers.userId, ids)));
  } else {
    rows = await db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, scope.workspaceId),
          inArray(workspaceMembers.userId, ids),
        ),
      );
  }
  return new Set(rows.map((row) => row.userId));
}

/**
 * The member's notices changed in [since, until) and still unread, newest first; mentions left
 * out when they were let through (already pushed).
 */
export async function heldNotices(
  db: Db,
  userId: number,
  since: Date,
  until: Date,
  mentionsPushed: boolean,
): Promise<{ newest: typeof notifications.$inferSelect | undefined; total: number }> {
  const rows = await db
    .select({ row: notifications, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        gte(notifications.updatedAt, since),
        lt(notifications.updatedAt, until),
        mentionsPushed ? ne(notifications.kind, 'MENTION') : undefined,
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(1);
  return { newest: rows[0]?.row, total: rows[0]?.total ?? 0 };
}
