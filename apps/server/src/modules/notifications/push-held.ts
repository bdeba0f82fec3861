import {
  inQuietHours,
  minuteOfDayIn,
  quietHoursEndAfter,
  type DeliverySettings,
} from '@teamup/contracts/delivery';
import type { PushPayload } from '@teamup/contracts/push';
import type { AppContext } from '../../context';
import { defineJobKind } from '../../platform/jobs/job-kind';
import type { PushOptions } from '../../platform/push/push-sender';
import * as deliveryRepo from './delivery.repo';
import { presentDelivery } from './delivery.presenter';
import { peopleIn, renderNames } from './notifications.presenter';
import { namesOf, type NotificationRow } from './notifications.repo';
import * as pushRepo from './push.repo';

/*
 * Quiet hours for web push (issue 43): the push outbox pushes nothing to a member in their quiet
 * hours (a mention only if they let mentions through); one job per member, due when their quiet
 * hours end, pushes ONE summary of what came meanwhile and is still unread, or nothing. What was
 * held is read from the notifications table when the job runs, so nothing is kept in memory and a
 * restart loses nothing. The bell and the lists are not affected.
 */

/** The tag of the summary: a later one replaces it on the device. */
export const QUIET_SUMMARY_TAG = 'quiet-summary';
/** The web app's list of notices, where the summary of several opens. */
const NOTIFICATIONS_LINK = '/notifications';
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const BODY_MAX = 500;

export const heldKey = (userId: number) => `notifications.push-held:${userId}`;

/** Whether quiet hours hold a push of `kind` to a member with `settings` at `now`. */
export function heldByQuietHours(
  settings: Pick<DeliverySettings, 'quietHours' | 'timeZone'>,
  kind: string,
  now: Date,
): boolean {
  if (!inQuietHours(settings, now)) return false;
  return !(kind === 'MENTION' && settings.quietHours.allowMentions);
}

/**
 * When the quiet window around `at` began: the last time the zone's clock showed its start.
 * `at` must be inside the window.
 */
export function quietWindowStart(
  settings: Pick<DeliverySettings, 'quietHours' | 'timeZone'>,
  at: Date,
): Date {
  const start =
    Number(settings.quietHours.start.slice(0, 2)) * 60 + Number(settings.quietHours.start.slice(3));
  const since = (minuteOfDayIn(settings.timeZone, at) - start + 1440) % 1440;
  const begun = new Date(at.getTime() - since * 60_000);
  begun.setUTCSeconds(0, 0);
  return begun;
}

type HeldPayload = {
  userId: number;
  /** The quiet window the pushes were held in (ISO; a job's payload is JSON). */
  since: string;
  until: string;
};

/**
 * A push was held from `userId` by their quiet hours: the summary job is due when they end (a
 * job already pending for this window stays as it is).
 */
export async function holdPush(
  ctx: AppContext,
  userId: number,
  settings: DeliverySettings,
  now: Date,
): Promise<void> {
  const until = quietHoursEndAfter(settings, now);
  await ctx.jobs.scheduleUnlessPending(pushHeldJob, heldKey(userId), until, {
    userId,
    since: quietWindowStart(settings, now).toISOString(),
    until: until.toISOString(),
  });
}

/** The summary push: the one notice as the bell shows it, or how many wait with the list's link. */
export function summaryPayload(
  newest: NotificationRow,
  total: number,
  names: ReadonlyMap<number, string>,
): PushPayload {
  const body =
    total === 1 ? renderNames(newest.message, names) : `방해금지 동안 읽지 않은 알림 ${total}개`;
  return {
    notificationId: newest.id,
    kind: newest.kind,
    body: body.length > BODY_MAX ? `${body.slice(0, BODY_MAX - 1)}…` : body,
    link: total === 1 ? newest.link : NOTIFICATIONS_LINK,
    tag: QUIET_SUMMARY_TAG,
    count: total === 1 ? newest.count : total,
    timestamp: newest.updatedAt.toISOString(),
  };
}

/**
 * A member's quiet hours ended: one push of what was held and is still unread. Still (again) in
 * quiet hours, as after a change of their settings: tried again when those end.
 */
export const pushHeldJob = defineJobKind<HeldPayload>({
  kind: 'notifications.push-held',
  maxAttempts: 3,
  async handle(job, { db, ctx }) {
    const { userId } = job.payload;
    const settings = presentDelivery(await deliveryRepo.deliveryOf(db, userId));
    const now = ctx.now();
    if (inQuietHours(settings, now)) {
      const until = quietHoursEndAfter(settings, now);
      // Not this job's own key: a job may not reschedule itself while it runs.
      await ctx.jobs.schedule(
        pushHeldJob,
        `${heldKey(userId)}:${until.toISOString()}`,
        until,
        { ...job.payload, until: until.toISOString() },
        db,
      );
      return;
    }
    const { newest, total } = await pushRepo.heldNotices(
      db,
      userId,
      new Date(job.payload.since),
      new Date(job.payload.until),
      settings.quietHours.allowMentions,
    );
    if (!newest) return;
    const subscriptions = await pushRepo.activeOf(db, [userId], now);
    if (subscriptions.length === 0) return;
    const names = await namesOf(db, peopleIn([newest.message]));
    const payload = JSON.stringify(summaryPayload(newest, total, names));
    const options: PushOptions = {
      urgency: 'normal',
      ttlSeconds: PUSH_TTL_SECONDS,
      topic: undefined,
    };
    // Sent once this job's transaction has committed, as the digest's mail (see digest.ts): the
    // embedded database's one connection is not held while push services answer. At least once.
    setImmediate(() => {
      void Promise.all(
        subscriptions.map(async (subscription) =>
          (await ctx.push.send(subscription, payload, options)) === 'gone' ? [subscription] : [],
        ),
      )
        .then(async (outcomes) => {
          const gone = outcomes.flat();
          if (gone.length > 0) await pushRepo.deleteGone(ctx.database.db, gone);
        })
        .catch((error: unknown) => ctx.logger.warn({ err: error, userId }, 'held push failed'));
    });
  },
});
