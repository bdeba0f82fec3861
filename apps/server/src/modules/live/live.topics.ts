import { Topics } from '@teamup/contracts/events';
import type { LiveContribution } from '../../platform/realtime/contribution';
import { workspaceIdsOf } from './live.repo';

/**
 * What every SSE stream hears besides the modules' own topics: its user's topic and each of its
 * workspaces. Leaving or being removed from a workspace re-reads them all.
 */
export const userLive: LiveContribution = {
  sseTopics: async (ctx, userId) => [
    Topics.user(userId),
    ...(await workspaceIdsOf(ctx.database.db, userId)).map(Topics.workspace),
  ],
  sseFollow: (event, userId) =>
    event['type'] === 'WORKSPACE_MEMBER_REMOVED' && event['userId'] === userId
      ? { recheck: true }
      : undefined,
};
