import { useAuth } from '../../../lib/auth/use-auth';
import { useLiveInvalidation } from '../../../lib/live/live-handlers';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';
import { workspaceMembersQueryKey } from '../../../lib/queries/workspace-members';
import { teamsQueryKey, workspaceTeamsQueryKey } from '../../../lib/queries/workspace-teams';

/** Workspace membership changes and deletions: the workspace list, or a workspace's members. */
export function useWorkspacesLiveHandlers(): void {
  const myUserId = useAuth().user?.id;
  useLiveInvalidation(
    ['WORKSPACE_MEMBER_JOINED', 'WORKSPACE_MEMBER_REMOVED', 'WORKSPACE_DELETED'],
    (event) => {
      // Someone joined: the workspace's members (the home's count and lists), and the
      // workspace list's head count.
      if (event.type === 'WORKSPACE_MEMBER_JOINED') {
        return [workspaceMembersQueryKey(event.workspaceId), workspacesQueryKey];
      }
      if (event.type === 'WORKSPACE_MEMBER_REMOVED') {
        // Removed myself: the workspace list and everything in it; someone else: member lists.
        return event.userId === myUserId
          ? [workspacesQueryKey, teamsQueryKey]
          : [
              workspaceMembersQueryKey(event.workspaceId),
              workspaceTeamsQueryKey(event.workspaceId),
            ];
      }
      if (event.type === 'WORKSPACE_DELETED') return [workspacesQueryKey, teamsQueryKey];
      return [];
    },
  );
}
