import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent, TeamContentChangedEvent } from '@teamup/contracts/events';
import { announcementsQueryKey } from '../../board/api/announcements';
import { postCommentsQueryKey } from '../../board/api/post-comments';
import { postQueryKey } from '../../board/api/post';
import { postListsQueryKey } from '../../board/api/team-posts';
import { schedulesQueryKey } from '../../schedules/api/schedule-range';
import { teamKanbanQueryKey } from '../../kanban/api/team-kanban';
import { teamQueryKey } from '../../../lib/queries/team';
import { teamMembersQueryKey } from '../../../lib/queries/team-members';
import { teamsQueryKey, workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';
import { workspaceMembersQueryKey } from '../../../lib/queries/workspace-members';
import { useLiveEvents } from '../../../lib/live/use-live';

/** A per-id key without its id: the prefix of every such query. */
const withoutId = (key: readonly unknown[]): QueryKey => key.slice(0, -1);

/** The cached queries showing one area of a team's space. */
function teamAreaKeys({ area, teamId, workspaceId }: TeamContentChangedEvent): QueryKey[] {
  switch (area) {
    case 'KANBAN':
      // Task approvals move the team's progress bar too.
      return [
        teamKanbanQueryKey(teamId),
        teamQueryKey(teamId),
        workspaceTeamsQueryKey(workspaceId),
      ];
    case 'SCHEDULES':
      return [schedulesQueryKey(teamId)];
    case 'ANNOUNCEMENTS':
      return [announcementsQueryKey(workspaceId, teamId)];
    case 'POSTS':
      // The event names no post: every open post and comment list is checked again.
      return [
        [...postListsQueryKey, teamId],
        withoutId(postQueryKey(0)),
        withoutId(postCommentsQueryKey(0)),
      ];
  }
}

/** The cached queries an event makes stale, for the events that are not chat's own. */
export function keysToRefresh(event: LiveEvent, myUserId: number | undefined): QueryKey[] {
  switch (event.type) {
    case 'TEAM_CONTENT_CHANGED':
      return teamAreaKeys(event);
    case 'WORKSPACE_MEMBER_REMOVED':
      // Removed myself: the workspace list and everything in it; someone else: member lists.
      return event.userId === myUserId
        ? [workspacesQueryKey, teamsQueryKey]
        : [workspaceMembersQueryKey(event.workspaceId), workspaceTeamsQueryKey(event.workspaceId)];
    case 'WORKSPACE_DELETED':
      return [workspacesQueryKey, teamsQueryKey];
    case 'TEAM_DELETED':
      return [workspaceTeamsQueryKey(event.workspaceId), teamQueryKey(event.teamId)];
    case 'TEAM_MEMBERSHIP_CHANGED':
      return [
        workspaceTeamsQueryKey(event.workspaceId),
        teamQueryKey(event.teamId),
        teamMembersQueryKey(event.teamId),
      ];
    default:
      return [];
  }
}

function refresh(queryClient: QueryClient, keys: QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Live events as invalidation signals (STYLE habit 6): team content, team and workspace
 * membership changes refetch what shows them. Chat keeps its own handlers in features/chat.
 */
export function useLiveInvalidation(myUserId: number | undefined): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => refresh(queryClient, keysToRefresh(event, myUserId)));
}
