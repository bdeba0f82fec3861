import type { QueryKey } from '@tanstack/react-query';
import { useLiveInvalidation } from '../../../lib/live/live-handlers';
import {
  announcementsQueryKey,
  postCommentsQueryKey,
  postListsQueryKey,
  postQueryKey,
} from '../../../lib/queries/live-query-keys';

/** A per-id key without its id: the prefix of every such query. */
const withoutId = (key: readonly unknown[]): QueryKey => key.slice(0, -1);

/** A team's announcements or posts changed elsewhere: what shows them is fetched again. */
export function useBoardLiveHandlers(): void {
  useLiveInvalidation('TEAM_CONTENT_CHANGED', (event) => {
    if (event.type !== 'TEAM_CONTENT_CHANGED') return [];
    const { area, teamId, workspaceId } = event;
    if (area === 'ANNOUNCEMENTS') return [announcementsQueryKey(workspaceId, teamId)];
    if (area === 'POSTS') {
      // The event names no post: every open post and comment list is checked again.
      return [
        [...postListsQueryKey, teamId],
        withoutId(postQueryKey(0)),
        withoutId(postCommentsQueryKey(0)),
      ];
    }
    return [];
  });
}
