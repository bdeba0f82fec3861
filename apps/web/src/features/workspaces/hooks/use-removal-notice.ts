import { useContext, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@teamup/contracts/workspaces';
import { useAuth } from '../../../lib/auth/use-auth';
import { LiveContext } from '../../../lib/live/live-context';
import { myWorkspacesQueryKey } from '../../../lib/queries/my-workspaces';
import {
  forgetRemoval,
  recordRemoval,
  removalOf,
  subscribeRemovals,
  type RemovalNotice,
} from '../lib/removal-notices';

/**
 * Listens on the user's live stream for being sent out of a workspace and keeps the notice, with
 * the workspace's name read from the cached list before that list is fetched again. Does nothing
 * outside the logged-in layout (no live connection).
 */
export function useRemovalListener(): void {
  const connection = useContext(LiveContext);
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const myId = user?.id;
  useEffect(() => {
    if (!connection || myId === undefined) return;
    return connection.subscribe((event) => {
      if (event.type !== 'WORKSPACE_MEMBER_REMOVED' || event.userId !== myId) return;
      if (event.reason === 'LEFT') {
        forgetRemoval(event.workspaceId);
        return;
      }
      const list = queryClient.getQueryData<Workspace[]>(myWorkspacesQueryKey);
      const name = list?.find((workspace) => workspace.id === event.workspaceId)?.name ?? null;
      recordRemoval({ workspaceId: event.workspaceId, name, reason: event.reason });
    });
  }, [connection, queryClient, myId]);
}

/** The notice for one workspace, if the user was sent out of it during this session. */
export function useRemovalNotice(workspaceId: number | null): RemovalNotice | undefined {
  return useSyncExternalStore(subscribeRemovals, () =>
    workspaceId === null ? undefined : removalOf(workspaceId),
  );
}
