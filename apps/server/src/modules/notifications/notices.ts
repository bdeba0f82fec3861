import { Topics } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import type { JobRun } from '../../platform/jobs/job-kind';
import { notificationCreated, peopleIn } from './notifications.presenter';
import * as repo from './notifications.repo';
import { pushOutboxState, type PushAccess } from './push-outbox';

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

/** What a notice says, where it opens, and where it comes from (who may still read it). */
export type NoticeText = {
  message: string;
  link: string;
  /** Checked again when the push goes out; absent: the person is told wherever they are. */
  access?: PushAccess | undefined;
  /** Pushes with one tag replace each other on a device (a room's: `chat:<roomId>`). */
  tag?: string | undefined;
};

/**
 * Hands notices just written (or counted up) to the push outbox: each goes to its recipient's
 * devices off this reaction, what the bell got, as it stands when the push goes out.
 */
export function pushNotices(
  ctx: AppContext,
  rows: readonly repo.NotificationRow[],
  access: PushAccess | undefined,
  tag?: string,
): void {
  ctx.moduleState.get(pushOutboxState).add(rows, access, tag);
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
  text: NoticeText,
  settingsOverridden: ReadonlySet<number> = new Set(),
) {
  const candidates = [...new Set(userIds)].filter((id) => id !== actorId);
  const off = await repo.optedOut(
    ctx.database.db,
    kind,
    candidates.filter((id) => !settingsOverridden.has(id)),
  );
  const { message, link, access, tag } = text;
  const rows = await repo.insertMany(
    ctx.database.db,
    candidates.filter((id) => !off.has(id)).map((userId) => ({ userId, kind, message, link })),
    ctx.now(),
  );
  await announce(ctx, rows);
  pushNotices(ctx, rows, access, tag);
}

/**
 * `notify` from inside a scheduled job (reminders, issue 44): the notices are written in the job's
 * transaction (so a reminder is written exactly when its job is done), and the tabs are told and
 * the devices pushed once it has committed. Nobody is left out as the actor.
 */
export async function notifyInJob(
  run: JobRun,
  kind: repo.Kind,
  userIds: readonly number[],
  text: NoticeText,
): Promise<repo.NotificationRow[]> {
  const { ctx, db } = run;
  const candidates = [...new Set(userIds)];
  const off = await repo.optedOut(db, kind, candidates);
  const { message, link, access, tag } = text;
  const rows = await repo.insertMany(
    db,
    candidates.filter((id) => !off.has(id)).map((userId) => ({ userId, kind, message, link })),
    ctx.now(),
  );
  if (rows.length > 0) {
    run.afterCommit(async () => {
      await announce(ctx, rows);
      pushNotices(ctx, rows, access, tag);
    });
  }
  return rows;
}
