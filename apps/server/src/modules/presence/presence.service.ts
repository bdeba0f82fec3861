import { Topics } from '@teamup/contracts/events';
import {
  PresenceTimings,
  type PresenceStatus,
  type WorkspacePresence,
} from '@teamup/contracts/presence';
import type { AppContext } from '../../context';
import type { BackgroundWork } from '../../platform/module';
import { memberIdsAmong, requireMembership } from '../workspaces/membership.service';
import * as repo from './presence.repo';

/**
 * Presence of workspace members (decision 0021): read from the live connections every instance
 * holds (platform/realtime/presence.ts), never stored.
 */

/** The workspace's members who are online or away now; everyone else is offline. */
export async function workspacePresence(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
): Promise<WorkspacePresence> {
  await requireMembership(ctx, workspaceId, userId);
  const connected = ctx.presence.present();
  const members = new Set(
    await memberIdsAmong(
      ctx,
      workspaceId,
      connected.map((entry) => entry.userId),
    ),
  );
  const users = connected
    .filter((entry) => members.has(entry.userId))
    .sort((a, b) => a.userId - b.userId);
  return { workspaceId, users };
}

/** The caller's client says they are at the screen or stepped away. */
export async function reportPresence(
  ctx: AppContext,
  userId: number,
  status: 'ONLINE' | 'AWAY',
): Promise<void> {
  await ctx.presence.report(userId, status);
}

/** Of `userIds`, those with the given status now (chat's `<@here>` wakes the ONLINE ones). */
export function usersWithStatus(
  ctx: AppContext,
  userIds: readonly number[],
  status: PresenceStatus,
): number[] {
  const tracker = ctx.presence;
  return userIds.filter((id) => tracker.statusOf(id) === status);
}

/**
 * Announces settled changes to the workspaces of each person (PRESENCE_CHANGED, unlogged: a
 * client that reconnects reads the presence again). Runs on the announcing instance only.
 *
 * Changes are gathered: the first goes out at once, those settling within
 * `PresenceTimings.announceGapMs` after an announcement wait for the gap's end and go together,
 * one event per workspace with every member's newest status and one read of their workspaces.
 * Each change used to be its own event to every member's stream, so a thousand people coming
 * online cost about half a million frames (N²/2) and held the event loop for seconds.
 */
export function presenceAnnouncements(
  ctx: AppContext,
  gapMs: number = PresenceTimings.announceGapMs,
): BackgroundWork {
  const tracker = ctx.presence;
  /** The newest settled status of each person not yet announced. */
  let pending = new Map<number, PresenceStatus>();
  let timer: NodeJS.Timeout | undefined;
  let lastAnnounced = Number.NEGATIVE_INFINITY;
  /** The announcement being written: one at a time, so a newer status never goes out first. */
  let announcing: Promise<void> = Promise.resolve();

  const announce = async (changes: Map<number, PresenceStatus>) => {
    const byWorkspace = new Map<number, Array<{ userId: number; status: PresenceStatus }>>();
    const memberships = await repo.workspaceIdsOfEach(ctx.database.db, [...changes.keys()]);
    for (const { userId, workspaceId } of memberships) {
      const status = changes.get(userId);
      if (status === undefined) continue;
      const list = byWorkspace.get(workspaceId) ?? [];
      list.push({ userId, status });
      byWorkspace.set(workspaceId, list);
    }
    for (const [workspaceId, list] of byWorkspace) {
      await ctx.bus.publishUnlogged(Topics.workspace(workspaceId), {
        type: 'PRESENCE_CHANGED',
        workspaceId,
        changes: list.sort((a, b) => a.userId - b.userId),
      });
    }
  };
  const flush = () => {
    timer = undefined;
    if (pending.size === 0) return;
    const changes = pending;
    pending = new Map();
    lastAnnounced = Date.now();
    announcing = announcing
      .then(() => announce(changes))
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'presence announcement failed'));
  };

  const stop = tracker.onChange((userId, status) => {
    pending.set(userId, status);
    if (timer) return;
    const wait = lastAnnounced + gapMs - Date.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  });
  return {
    async stop() {
      stop();
      clearTimeout(timer);
      flush();
      await announcing;
      // `bye` goes out before the bus closes (onClose hooks run last-registered first).
      await tracker.stop();
    },
  };
}
