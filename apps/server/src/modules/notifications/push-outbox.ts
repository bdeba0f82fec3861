import type { PushPayload } from '@teamup/contracts/push';
import type { AppContext } from '../../context';
import { ModuleStateKey } from '../../platform/module-state';
import type { PushOptions } from '../../platform/push/push-sender';
import { peopleIn, renderNames } from './notifications.presenter';
import type { NotificationRow } from './notifications.repo';
import * as repo from './notifications.repo';
import * as deliveryRepo from './delivery.repo';
import { presentDelivery } from './delivery.presenter';
import { heldByQuietHours, holdPush } from './push-held';
import * as pushRepo from './push.repo';

/*
 * Web push of what the bell gets (issue 43). Every notice written (after the per-kind settings and
 * room levels decided who gets one) is handed here; pushes go out later, off the reaction that
 * wrote it, through the platform's bounded sender. A room's chat notices wait a moment, so a burst
 * of messages is one push per person (the room's notice as it stands then), tagged by room.
 */

/** Where a notice comes from: who may still read it is checked again when its push goes out. */
export type PushAccess = { roomId: number } | { teamId: number } | { workspaceId: number };

/** How long a room's first unpushed notice waits for the rest of its burst. */
export const CHAT_PUSH_DELAY_MS = 2_000;
/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The bell's text is cut to this in a push (RFC 8291 payloads are small; ours stay < 3 KB). */
const BODY_MAX = 500;

/** The tag of a room's pushes: each replaces the room's previous notice on the device. */
export const chatPushTag = (roomId: number) => `chat:${roomId}`;

type Pending = {
  userId: number;
  tag: string;
  /** RFC 8030 Topic (a push service replaces an undelivered older push of the same topic). */
  topic: string | undefined;
  access: PushAccess | undefined;
  notificationIds: Set<number>;
  dueAt: number;
};

/** One instance's pushes not yet sent, one per person and tag (module state, decision 0037). */
export class PushOutbox {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private sending: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  /**
   * Pushes each notice row to its recipient: a room's (`chat:` tag) after CHAT_PUSH_DELAY_MS,
   * together with whatever else of the room reaches them meanwhile; any other at once.
   */
  add(rows: readonly NotificationRow[], access: PushAccess | undefined, tag?: string): void {
    if (this.stopped || rows.length === 0) return;
    const now = Date.now();
    for (const row of rows) {
      const rowTag = tag ?? row.foldKey ?? `notice:${row.id}`;
      const key = `${row.userId}|${rowTag}`;
      const entry = this.pending.get(key);
      if (entry) {
        entry.notificationIds.add(row.id);
        continue;
      }
      const room = access && 'roomId' in access ? access.roomId : undefined;
      this.pending.set(key, {
        userId: row.userId,
        tag: rowTag,
        topic: room === undefined ? undefined : `chat-${room}`,
        access,
        notificationIds: new Set([row.id]),
        dueAt: now + (rowTag.startsWith('chat:') ? CHAT_PUSH_DELAY_MS : 0),
      });
    }
    this.arm();
  }

  /** Resolves once what is pending now is sent (tests; the close of the app). */
  async flush(): Promise<void> {
    this.take(Number.POSITIVE_INFINITY);
    await this.sending;
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Sends what is pending and takes no more (the app closes). */
  async stop(): Promise<void> {
    // Reactions queued before the stop still write notices: theirs are pushed too.
    await this.ctx.domainEvents.settled();
    await this.flush();
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private arm() {
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.pending.values()) next = Math.min(next, entry.dueAt);
    if (next >= this.timerAt || next === Number.POSITIVE_INFINITY) return;
    clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = setTimeout(
      () => {
        this.timerAt = Number.POSITIVE_INFINITY;
        this.take(Date.now());
        this.arm();
      },
      Math.max(0, next - Date.now()),
    );
    // A pending push never keeps the process alive on its own (the close flushes it).
    this.timer.unref();
  }

  /** Hands every entry due by `until` to one delivery run, after the runs before it. */
  private take(until: number) {
    const due: Pending[] = [];
    for (const [key, entry] of this.pending) {
      if (entry.dueAt <= until) {
        due.push(entry);
        this.pending.delete(key);
      }
    }
    if (due.length === 0) return;
    const failed = (error: unknown) => {
      this.ctx.logger.error({ err: error, pushes: due.length }, 'pushes not sent');
    };
    // Runs are read one after another; their sends overlap (a slow push service holds no run).
    this.sending = this.sending.then(async () => {
      const sent = await deliver(this.ctx, due).catch(failed);
      if (!sent) return;
      const tracked = sent.done.catch(failed).finally(() => this.inFlight.delete(tracked));
      this.inFlight.add(tracked);
    });
  }
}

export const pushOutboxState = new ModuleStateKey(
  'notifications: push outbox',
  (ctx) => new PushOutbox(ctx),
  (outbox) => outbox.stop(),
);

/** The notice one push tells of: a mention before the room's folded count, then the newest. */
function pick(rows: NotificationRow[]): NotificationRow | undefined {
  return [...rows].sort(
    (a, b) =>
      Number(b.kind === 'MENTION') - Number(a.kind === 'MENTION') ||
      b.updatedAt.getTime() - a.updatedAt.getTime() ||
      b.id - a.id,
  )[0];
}

/**
 * Reads one run of due pushes as things are now and hands them to the sender (the promise it
 * answers settles when every push of the run has its outcome): notices read meanwhile are not pushed,
 * nor are those of a room (team, workspace) the person has left, and only to subscriptions of
 * sessions that still hold. A subscription the push service says is gone is deleted.
 */
async function deliver(
  ctx: AppContext,
  due: Pending[],
): Promise<{ done: Promise<void> } | undefined> {
  const db = ctx.database.db;
  const rows = await pushRepo.unreadByIds(
    db,
    due.flatMap((entry) => [...entry.notificationIds]),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const told = due.flatMap((entry) => {
    const row = pick(
      [...entry.notificationIds].flatMap((id) => {
        const found = byId.get(id);
        return found ? [found] : [];
      }),
    );
    return row ? [{ entry, row }] : [];
  });
  const chosen = await outsideQuietHours(ctx, told);
  // Who may still read it, one query per place.
  const byPlace = new Map<string, { access: PushAccess; userIds: number[] }>();
  for (const { entry } of chosen) {
    if (!entry.access) continue;
    const key = JSON.stringify(entry.access);
    const place = byPlace.get(key) ?? { access: entry.access, userIds: [] };
    place.userIds.push(entry.userId);
    byPlace.set(key, place);
  }
  const allowed = new Map<string, Set<number>>();
  for (const [key, place] of byPlace) {
    allowed.set(key, await pushRepo.withAccess(db, place.access, place.userIds));
  }
  const sendable = chosen.filter(
    ({ entry }) =>
      !entry.access || allowed.get(JSON.stringify(entry.access))?.has(entry.userId) === true,
  );
  if (sendable.length === 0) return undefined;
  const subscriptions = await pushRepo.activeOf(
    db,
    [...new Set(sendable.map(({ entry }) => entry.userId))],
    ctx.now(),
  );
  if (subscriptions.length === 0) return undefined;
  const names = await repo.namesOf(db, peopleIn(sendable.map(({ row }) => row.message)));
  const gone: Array<{ id: number; p256dh: string }> = [];
  const sends: Array<Promise<void>> = [];
  for (const { entry, row } of sendable) {
    const payload = JSON.stringify(payloadOf(entry, row, names));
    const options: PushOptions = {
      topic: entry.topic,
      urgency: row.kind === 'MENTION' ? 'high' : 'normal',
      ttlSeconds: PUSH_TTL_SECONDS,
    };
    for (const subscription of subscriptions) {
      if (subscription.userId !== entry.userId) continue;
      sends.push(
        ctx.push.send(subscription, payload, options).then((outcome) => {
          if (outcome === 'gone') gone.push(subscription);
        }),
      );
    }
  }
  // Wrapped: an async function would wait for a promise it answers.
  return {
    done: Promise.all(sends).then(async () => {
      if (gone.length > 0) await pushRepo.deleteGone(db, gone);
    }),
  };
}

/**
 * Of the pushes about to go, those their recipients' quiet hours let through (a mention, when they
 * allow mentions); for each recipient held back, the summary after their quiet hours is scheduled.
 */
async function outsideQuietHours<T extends { entry: Pending; row: NotificationRow }>(
  ctx: AppContext,
  told: T[],
): Promise<T[]> {
  if (told.length === 0) return told;
  const now = ctx.now();
  const stored = await deliveryRepo.deliveriesOf(ctx.database.db, [
    ...new Set(told.map(({ entry }) => entry.userId)),
  ]);
  const held = new Set<number>();
  const through = told.filter(({ entry, row }) => {
    const settings = presentDelivery(stored.get(entry.userId));
    if (!heldByQuietHours(settings, row.kind, now)) return true;
    held.add(entry.userId);
    return false;
  });
  for (const userId of held) {
    await holdPush(ctx, userId, presentDelivery(stored.get(userId)), now);
  }
  return through;
}

function payloadOf(
  entry: Pending,
  row: NotificationRow,
  names: ReadonlyMap<number, string>,
): PushPayload {
  const body = renderNames(row.message, names);
  return {
    notificationId: row.id,
    kind: row.kind,
    body: body.length > BODY_MAX ? `${body.slice(0, BODY_MAX - 1)}…` : body,
    link: row.link,
    tag: entry.tag,
    count: row.count,
    timestamp: row.updatedAt.toISOString(),
  };
}
