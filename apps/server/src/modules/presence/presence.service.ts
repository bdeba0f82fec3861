import { Topics } from '@teamup/contracts/events';
import type { PresenceStatus, WorkspacePresence } from '@teamup/contracts/presence';
import type { AppContext } from '../../context';
import type { BackgroundWork } from '../../platform/module';
import { presenceOf } from '../../platform/realtime/presence';
import { memberIdsAmong, requireMembership } from '../workspaces/workspaces.service';
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
  const connected = presenceOf(ctx).present();
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
  await presenceOf(ctx).report(userId, status);
}

/** Of `userIds`, those with the given status now (chat's `<@here>` wakes the ONLINE ones). */
export function usersWithStatus(
  ctx: AppContext,
  userIds: readonly number[],
  status: PresenceStatus,
): number[] {
  const tracker = presenceOf(ctx);
  return userIds.filter((id) => tracker.statusOf(id) === status);
}

/**
 * Announces settled changes to the workspaces of the person (PRESENCE_CHANGED, unlogged: a
 * client that reconnects reads the presence again). Runs on the announcing instance only.
 */
export function presenceAnnouncements(ctx: AppContext): BackgroundWork {
  const tracker = presenceOf(ctx);
  const stop = tracker.onChange(async (userId, status) => {
    for (const workspaceId of await repo.workspaceIdsOf(ctx.database.db, userId)) {
      await ctx.bus.publishUnlogged(Topics.workspace(workspaceId), {
        type: 'PRESENCE_CHANGED',
        workspaceId,
        userId,
        status,
      });
    }
  });
  return {
    async stop() {
      stop();
      // `bye` goes out before the bus closes (onClose hooks run last-registered first).
      await tracker.stop();
    },
  };
}
