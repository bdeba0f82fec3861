import { Topics } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { notificationCreated, peopleIn } from './notifications.presenter';
import * as repo from './notifications.repo';

/* Writing notifications and telling their recipients' tabs: what every reaction ends with. */

/**
 * Tells each recipient's open tabs about a new notification, with their unread count (one
 * grouped query). A folded chat notification that only counted up is not announced: the
 * recipient's unread count did not change, and the room's own live events already say a message
 * came.
 */
export async function announce(
  ctx: AppContext,
  rows: repo.NotificationRow[],
  isNew: (row: repo.NotificationRow) => boolean = (row) => row.count === 1,
) {
  const fresh = rows.filter(isNew);
  if (fresh.length === 0) return;
  const unread = await repo.unreadCounts(
    ctx.database.db,
    fresh.map((row) => row.userId),
  );
  const names = await repo.namesOf(ctx.database.db, peopleIn(fresh.map((row) => row.message)));
  for (const row of fresh) {
    await ctx.bus.publish(
      Topics.user(row.userId),
      notificationCreated(row, unread.get(row.userId) ?? 0, names),
    );
  }
}

/**
 * Notifies `userIds`: the actor and anyone who turned the kind off are left out, except those in
 * `settingsOverridden` (a chat room's own level, which overrides the per-kind settings).
 */
export async function notify(
  ctx: AppContext,
  kind: repo.Kind,
  userIds: number[],
  actorId: number | null,
  text: { message: string; link: string },
  settingsOverridden: ReadonlySet<number> = new Set(),
) {
  const candidates = [...new Set(userIds)].filter((id) => id !== actorId);
  const off = await repo.optedOut(
    ctx.database.db,
    kind,
    candidates.filter((id) => !settingsOverridden.has(id)),
  );
  const rows = await repo.insertMany(
    ctx.database.db,
    candidates.filter((id) => !off.has(id)).map((userId) => ({ userId, kind, ...text })),
    ctx.now(),
  );
  await announce(ctx, rows);
}
