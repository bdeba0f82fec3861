import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatRooms, notificationDelivery, notifications, users } from '../../db/schema';

export type DeliveryRow = typeof notificationDelivery.$inferSelect;
/** The settings a member chooses (what the digest sender keeps is not among them). */
export type DeliveryChoice = Omit<DeliveryRow, 'digestSentAt'>;

/** The member's stored delivery settings; none while they keep the defaults. */
export async function deliveryOf(db: Db, userId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationDelivery)
    .where(eq(notificationDelivery.userId, userId));
  return row;
}

/** The stored settings of those of `userIds` who saved any, by user. */
export async function deliveriesOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, DeliveryRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(notificationDelivery)
    .where(inArray(notificationDelivery.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** Stores the whole of the member's choice (one statement: the first save inserts). */
export async function saveDelivery(db: Db, choice: DeliveryChoice): Promise<DeliveryRow> {
  const { userId: _key, ...settings } = choice;
  const [saved] = await db
    .insert(notificationDelivery)
    .values(choice)
    .onConflictDoUpdate({ target: notificationDelivery.userId, set: settings })
    .returning();
  if (!saved) throw new Error('delivery settings upsert returned nothing');
  return saved;
}

/**
 * Records for each member up to which notice their last digest told, in one statement (`choice`
 * stores the settings the member had, defaults included, when they never saved any).
 */
export async function markDigestsSent(
  db: Db,
  sent: readonly { choice: DeliveryChoice; upTo: Date }[],
): Promise<void> {
  if (sent.length === 0) return;
  await db
    .insert(notificationDelivery)
    .values(sent.map(({ choice, upTo }) => ({ ...choice, digestSentAt: upTo })))
    .onConflictDoUpdate({
      target: notificationDelivery.userId,
      set: { digestSentAt: sql`excluded.digest_sent_at` },
    });
}

/** One unread notice a digest tells of. */
export type DigestNotice = {
  kind: 'MENTION' | 'CHAT_MESSAGE' | ReminderKind;
  message: string;
  link: string;
  count: number;
  updatedAt: Date;
};

/** The reminders of issue 44, which a digest tells of beside mentions and direct messages. */
export const digestReminderKinds = [
  'TASK_DUE_SOON',
  'OVERDUE_DIGEST',
  'SCHEDULE_REMINDER',
] as const;
export type ReminderKind = (typeof digestReminderKinds)[number];

/** The most notices one digest lists (the mail says how many more wait). */
export const DIGEST_MAX_ITEMS = 30;

/** What waits for one member's digest: the newest notices (at most DIGEST_MAX_ITEMS), all counted. */
export type DigestUnread = { notices: DigestNotice[]; total: number };

/**
 * For each of `userIds`, their unread mentions, direct-message notices and reminders changed after their
 * last digest (all when they had none), newest first, and how many there are in all: one
 * statement for the lot. Members with none are not in the answer.
 */
export async function unreadForDigests(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, DigestUnread>> {
  if (userIds.length === 0) return new Map();
  const directRoom = sql`EXISTS (SELECT 1 FROM ${chatRooms} r
    WHERE r.type = 'PERSONAL' AND ${notifications.foldKey} = 'chat:' || r.id::text)`;
  const ranked = db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      message: notifications.message,
      link: notifications.link,
      count: notifications.count,
      updatedAt: notifications.updatedAt,
      place: sql<number>`row_number() OVER (PARTITION BY ${notifications.userId}
        ORDER BY ${notifications.updatedAt} DESC, ${notifications.id} DESC)`.as('place'),
      total: sql<number>`count(*) OVER (PARTITION BY ${notifications.userId})`.as('total'),
    })
    .from(notifications)
    .leftJoin(notificationDelivery, eq(notificationDelivery.userId, notifications.userId))
    .where(
      and(
        inArray(notifications.userId, [...userIds]),
        isNull(notifications.readAt),
        or(
          isNull(notificationDelivery.digestSentAt),
          gt(notifications.updatedAt, notificationDelivery.digestSentAt),
        ),
        or(
          eq(notifications.kind, 'MENTION'),
          and(eq(notifications.kind, 'CHAT_MESSAGE'), directRoom),
          inArray(notifications.kind, [...digestReminderKinds]),
        ),
      ),
    )
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.place, DIGEST_MAX_ITEMS))
    .orderBy(asc(ranked.userId), asc(ranked.place));
  const byUser = new Map<number, DigestUnread>();
  for (const { userId, place: _place, total, ...notice } of rows) {
    let found = byUser.get(userId);
    if (!found) {
      found = { notices: [], total: Number(total) };
      byUser.set(userId, found);
    }
    found.notices.push({ ...notice, updatedAt: new Date(notice.updatedAt) } as DigestNotice);
  }
  return byUser;
}

/** Whom the digests of `userIds` are mailed to, by user (accounts that are gone are not in it). */
export async function recipientsOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { name: string; email: string }>();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map(({ id, ...recipient }) => [id, recipient]));
}
