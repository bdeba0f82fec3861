import {
  digestAwayMinutes,
  inQuietHours,
  nextTimeOfDay,
  quietHoursEndAfter,
  type DeliverySettings,
} from '@teamup/contracts/delivery';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { defineJobKind, type DueJob, type JobRun } from '../../platform/jobs/job-kind';
import { AppError } from '../../platform/errors/app-error';
import type { MailMessage } from '../../platform/mail/mailer';
import * as repo from './delivery.repo';
import { choiceOf, presentDelivery } from './delivery.presenter';
import type { DeliveryChoice } from './delivery.repo';
import { peopleIn, renderNames } from './notifications.presenter';
import { namesOf } from './notifications.repo';

/*
 * The digest mail (issue 43): what waits unread for a member who is away — mentions, direct
 * messages and reminders (issue 44) — in one Korean mail with a link to each and a one-click unsubscribe (RFC 8058). What
 * was read meanwhile is never mailed, and each digest tells only what came after the last one.
 * When it is sent (after 15 minutes or an hour away, or daily at 09:00) is the scheduler's part.
 */

/** How long an unsubscribe link in a digest works. */
const UNSUBSCRIBE_LINK_SECONDS = 180 * 24 * 3600;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The digest mail for `notices` (newest first), `total` of them waiting in all. */
export function composeDigestMail(input: {
  to: string;
  name: string;
  notices: readonly repo.DigestNotice[];
  total: number;
  origin: string;
  unsubscribeUrl: string;
  unsubscribePageUrl: string;
}): MailMessage {
  const { notices, origin } = input;
  const mentions = notices.filter((notice) => notice.kind === 'MENTION');
  const direct = notices.filter((notice) => notice.kind === 'CHAT_MESSAGE');
  const reminders = notices.filter((notice) =>
    (repo.digestReminderKinds as readonly string[]).includes(notice.kind),
  );
  const counts = [
    mentions.length > 0 ? `멘션 ${mentions.length}개` : '',
    direct.length > 0 ? `DM ${direct.length}개` : '',
    reminders.length > 0 ? `리마인더 ${reminders.length}개` : '',
  ].filter(Boolean);
  const more = input.total - notices.length;
  const linkOf = (notice: repo.DigestNotice) => `${origin}/#${notice.link}`;
  const section = (title: string, items: readonly repo.DigestNotice[]) =>
    items.length === 0
      ? []
      : [title, ...items.flatMap((notice) => [`- ${notice.message}`, `  ${linkOf(notice)}`]), ''];
  const text = [
    `${input.name}님, 자리를 비운 사이 읽지 않은 알림이 있습니다.`,
    '',
    ...section('멘션', mentions),
    ...section('DM', direct),
    ...section('리마인더', reminders),
    ...(more > 0 ? [`그 밖에 ${more}개가 더 있습니다: ${origin}/#/notifications`, ''] : []),
    `알림 설정: ${origin}/#/notifications`,
    `이 메일을 그만 받기: ${input.unsubscribePageUrl}`,
  ].join('\n');
  const htmlSection = (title: string, items: readonly repo.DigestNotice[]) =>
    items.length === 0
      ? ''
      : `<h2 style="font-size:16px">${title}</h2><ul>${items
          .map(
            (notice) =>
              `<li><a href="${escapeHtml(linkOf(notice))}">${escapeHtml(notice.message)}</a></li>`,
          )
          .join('')}</ul>`;
  const html = [
    `<p>${escapeHtml(input.name)}님, 자리를 비운 사이 읽지 않은 알림이 있습니다.</p>`,
    htmlSection('멘션', mentions),
    htmlSection('DM', direct),
    htmlSection('리마인더', reminders),
    more > 0
      ? `<p><a href="${escapeHtml(`${origin}/#/notifications`)}">그 밖에 ${more}개 더 보기</a></p>`
      : '',
    `<p style="color:#868e96;font-size:12px"><a href="${escapeHtml(`${origin}/#/notifications`)}">알림 설정</a> · ` +
      `<a href="${escapeHtml(input.unsubscribePageUrl)}">이 메일을 그만 받기</a></p>`,
  ].join('');
  return {
    to: input.to,
    subject: `[TeamUp] 읽지 않은 ${counts.join(', ')}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** What a digest run did for one member. */
export type DigestOutcome =
  | { sent: true; notices: number }
  | { sent: false; reason: 'OFF' | 'NOTHING_NEW' | 'NO_ACCOUNT' }
  /** In the member's quiet hours: to be tried again then. */
  | { sent: false; reason: 'QUIET'; retryAt: Date };

/** A member's digest as prepared: what came of it, and the mail to send once it is recorded. */
type PreparedDigest = { outcome: DigestOutcome; mail?: MailMessage };

/**
 * Prepares the members' digests of what waits unread since their last one, on `db` (a job's
 * transaction), and records them as told: for each, unless they turned it off, are in their
 * quiet hours or have nothing new. A statement for all of them at each step, not one a member
 * (digests fall due in crowds: everyone's daily one at 09:00). Answers by member.
 */
async function prepareDigests(
  ctx: AppContext,
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, PreparedDigest>> {
  const prepared = new Map<number, PreparedDigest>();
  const now = ctx.now();
  const stored = await repo.deliveriesOf(db, [...new Set(userIds)]);
  const wanted: { userId: number; settings: DeliverySettings }[] = [];
  for (const userId of new Set(userIds)) {
    const settings: DeliverySettings = presentDelivery(stored.get(userId));
    if (settings.digest === 'OFF') {
      prepared.set(userId, { outcome: { sent: false, reason: 'OFF' } });
    } else if (inQuietHours(settings, now)) {
      const retryAt = quietHoursEndAfter(settings, now);
      prepared.set(userId, { outcome: { sent: false, reason: 'QUIET', retryAt } });
    } else {
      wanted.push({ userId, settings });
    }
  }
  const ids = wanted.map(({ userId }) => userId);
  const recipients = await repo.recipientsOf(db, ids);
  const unread = await repo.unreadForDigests(
    db,
    ids.filter((userId) => recipients.has(userId)),
  );
  // The texts keep people as tokens (their current name is shown): named as they are now.
  const names = await namesOf(
    db,
    peopleIn(
      [...unread.values()].flatMap(({ notices }) => notices.map((notice) => notice.message)),
    ),
  );
  const origin = ctx.config.publicOrigin;
  const told: { choice: DeliveryChoice; upTo: Date }[] = [];
  for (const { userId, settings } of wanted) {
    const recipient = recipients.get(userId);
    if (!recipient) {
      prepared.set(userId, { outcome: { sent: false, reason: 'NO_ACCOUNT' } });
      continue;
    }
    const waiting = unread.get(userId);
    const newest = waiting?.notices[0];
    if (!waiting || !newest) {
      prepared.set(userId, { outcome: { sent: false, reason: 'NOTHING_NEW' } });
      continue;
    }
    const token = await ctx.purposeTokens.sign(
      'digest-unsubscribe',
      userId,
      UNSUBSCRIBE_LINK_SECONDS,
    );
    const query = new URLSearchParams({ token }).toString();
    const mail = composeDigestMail({
      to: recipient.email,
      name: recipient.name,
      notices: waiting.notices.map((notice) => ({
        ...notice,
        message: renderNames(notice.message, names),
      })),
      total: waiting.total,
      origin,
      unsubscribeUrl: `${origin}/api/notifications/digest/unsubscribe?${query}`,
      unsubscribePageUrl: `${origin}/#/digest-unsubscribe?${query}`,
    });
    told.push({ choice: choiceOf(userId, settings, now), upTo: newest.updatedAt });
    prepared.set(userId, { outcome: { sent: true, notices: waiting.notices.length }, mail });
  }
  await repo.markDigestsSent(db, told);
  return prepared;
}

/**
 * Mails the member's digest now (as the digest job does, outside a job): records it as told,
 * then sends it.
 */
export async function sendDigest(ctx: AppContext, userId: number): Promise<DigestOutcome> {
  const prepared = await prepareDigests(ctx, ctx.database.db, [userId]);
  const { outcome, mail } = prepared.get(userId) ?? {
    outcome: { sent: false, reason: 'NO_ACCOUNT' },
  };
  if (mail) await ctx.mailer.send(mail);
  return outcome;
}

const awayKey = (userId: number) => `notifications.digest:away:${userId}`;
const dailyKey = (userId: number) => `notifications.digest:daily:${userId}`;
const heldKey = (userId: number) => `notifications.digest:held:${userId}`;

type DigestPayload = { userId: number; whenAway: boolean };

/**
 * Members' digests fall due (one job a member and key). `whenAway`: the one after they went away,
 * skipped when they are back (they see it all in the app; going away again schedules another).
 * A daily one schedules the next day's; one held by quiet hours goes when they end. The mails go
 * once the jobs' transaction has committed, not inside it: on the embedded database the
 * transaction holds the one connection, and a slow mail server must not hold every request. A
 * commit that fails after the send leaves the notices untold: the next try mails them again (at
 * least once, decision 0042).
 */
async function runDigests(
  jobs: readonly DueJob<DigestPayload>[],
  { db, ctx, afterCommit }: JobRun,
) {
  for (const job of jobs) {
    const { userId } = job.payload;
    if (job.key !== dailyKey(userId)) continue;
    const settings = presentDelivery(await repo.deliveryOf(db, userId));
    if (settings.digest !== 'DAILY_9AM') continue;
    const next = nextTimeOfDay(settings.timeZone, DAILY_DIGEST_TIME, ctx.now());
    // Its own key, moved to the next day: a job its handler moved stays pending (decision 0042).
    await ctx.jobs.schedule(digestJob, dailyKey(userId), next, { userId, whenAway: false }, db);
  }
  const due = jobs.filter(
    ({ payload }) => !payload.whenAway || ctx.presence.statusOf(payload.userId) === 'OFFLINE',
  );
  const prepared = await prepareDigests(
    ctx,
    db,
    due.map(({ payload }) => payload.userId),
  );
  const mails: MailMessage[] = [];
  for (const [userId, { outcome, mail }] of prepared) {
    if (!outcome.sent && outcome.reason === 'QUIET') {
      await ctx.jobs.schedule(
        digestJob,
        heldKey(userId),
        outcome.retryAt,
        { userId, whenAway: false },
        db,
      );
    }
    if (mail) mails.push(mail);
  }
  if (mails.length > 0) {
    afterCommit(async () => {
      const sent = await Promise.allSettled(mails.map((mail) => ctx.mailer.send(mail)));
      for (const [index, outcome] of sent.entries()) {
        if (outcome.status === 'rejected') {
          ctx.logger.warn({ err: outcome.reason, to: mails[index]?.to }, 'digest mail failed');
        }
      }
    });
  }
}

export const digestJob = defineJobKind<DigestPayload>({
  kind: 'notifications.digest',
  maxAttempts: 3,
  handle: (job, run) => runDigests([job], run),
  handleMany: runDigests,
});

/** The time of day of the daily digest, in the member's zone. */
const DAILY_DIGEST_TIME = '09:00';

/**
 * Sees that the members' digests are coming: for those away (OFFLINE) who want one after some
 * time away, the digest after that time (not moved when one is already coming, so a stream of
 * messages does not keep pushing it back; past quiet hours); for those who want a daily one,
 * the next 09:00 of their zone.
 */
export async function expectDigests(ctx: AppContext, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const now = ctx.now();
  const stored = await repo.deliveriesOf(ctx.database.db, [...new Set(userIds)]);
  const coming: { key: string; dueAt: Date; payload: DigestPayload }[] = [];
  for (const userId of new Set(userIds)) {
    const settings = presentDelivery(stored.get(userId));
    if (settings.digest === 'OFF') continue;
    if (settings.digest === 'DAILY_9AM') {
      const next = nextTimeOfDay(settings.timeZone, DAILY_DIGEST_TIME, now);
      coming.push({ key: dailyKey(userId), dueAt: next, payload: { userId, whenAway: false } });
      continue;
    }
    if (ctx.presence.statusOf(userId) !== 'OFFLINE') continue;
    const away = new Date(now.getTime() + digestAwayMinutes[settings.digest] * 60_000);
    coming.push({
      key: awayKey(userId),
      dueAt: quietHoursEndAfter(settings, away),
      payload: { userId, whenAway: true },
    });
  }
  // One statement for all of them (a mention of a whole large room names a thousand).
  if (coming.length > 0) await ctx.jobs.scheduleManyUnlessPending(digestJob, coming);
}

/** After the member changed their settings: the daily digest follows them, off cancels all. */
export async function digestSettingsChanged(
  ctx: AppContext,
  userId: number,
  settings: DeliverySettings,
) {
  if (settings.digest === 'DAILY_9AM') {
    const next = nextTimeOfDay(settings.timeZone, DAILY_DIGEST_TIME, ctx.now());
    await ctx.jobs.schedule(digestJob, dailyKey(userId), next, { userId, whenAway: false });
  } else {
    await ctx.jobs.cancel(dailyKey(userId));
  }
  if (settings.digest === 'OFF') {
    await ctx.jobs.cancel(awayKey(userId));
    await ctx.jobs.cancel(heldKey(userId));
  }
}

/** The unsubscribe link of a digest: its account gets no more digests (other settings stay). */
export async function unsubscribeDigest(ctx: AppContext, token: string): Promise<void> {
  const verified = await ctx.purposeTokens.verify('digest-unsubscribe', token);
  if (!verified) {
    throw new AppError(
      400,
      ErrorCode.UNSUBSCRIBE_LINK_INVALID,
      '메일 수신 거부 링크가 올바르지 않거나 만료되었습니다. 알림 설정에서 직접 꺼주세요.',
    );
  }
  const settings = presentDelivery(await repo.deliveryOf(ctx.database.db, verified.userId));
  const off = { ...settings, digest: 'OFF' as const };
  await repo.saveDelivery(ctx.database.db, choiceOf(verified.userId, off, ctx.now()));
  await digestSettingsChanged(ctx, verified.userId, off);
}
