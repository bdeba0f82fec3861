import { useMemo } from 'react';
import { useAuth } from '../../../lib/auth/use-auth';
import { useChatRooms } from '../../../lib/queries/chat-rooms';
import { useWorkspaceMembers } from '../../../lib/queries/workspace-members';
import { useWorkspaceTeams } from '../../../lib/queries/workspace-teams';
import { type PanelGroup, quickSwitchGroups } from '../lib/quick-switch';
import { recentPlaces } from '../lib/recent-places';

/**
 * The quick switcher's groups for a workspace (none without one): read from the room, team and
 * member lists the frame has usually loaded already, and this browser's recent places.
 */
export function useQuickSwitch(workspaceId: number | undefined): PanelGroup[] {
  const { user } = useAuth();
  const rooms = useChatRooms(workspaceId).data?.content;
  const teams = useWorkspaceTeams(workspaceId).data;
  const people = useWorkspaceMembers(workspaceId).data;
  return useMemo(
    () =>
      workspaceId === undefined
        ? []
        : quickSwitchGroups({
            workspaceId,
            myId: user?.id,
            rooms: rooms ?? [],
            teams: teams ?? [],
            people: people ?? [],
            recent: recentPlaces(workspaceId),
          }),
    [workspaceId, user?.id, rooms, teams, people],
  );
}
