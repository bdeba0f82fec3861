import { Navigate } from 'react-router';
import { routes } from '../../config/paths';
import { readLastWorkspaceId } from '../../lib/workspace-storage';
import { recentPlaces } from '../../features/search/lib/recent-places';

/** Where the installed app's chat shortcut (/chat) leads, from what this browser remembers. */
export function recentChatTarget(): string {
  const workspaceId = readLastWorkspaceId();
  if (workspaceId === null) return routes.home.href();
  const room = recentPlaces(workspaceId).find((place) => place.kind === 'room');
  return room ? routes.chat.href(workspaceId, room.id) : routes.workspace.href(workspaceId);
}

/**
 * /chat, the manifest's "최근 채팅" shortcut: the chat room opened last in the last workspace,
 * else that workspace's home (its side panel lists the rooms), else the start page. A room the
 * user may no longer open is refused by the room's own page, as every other link to it would be.
 */
export function RecentChatRoute() {
  return <Navigate to={recentChatTarget()} replace />;
}
