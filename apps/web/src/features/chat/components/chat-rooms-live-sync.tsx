import { useAuth } from '../../../lib/auth/use-auth';
import { useChatRoomsLiveSync } from '../hooks/use-chat-rooms-live-sync';

/**
 * Keeps the workspace's cached chat room lists (the side panel's, the unread count in the title)
 * live, whether the side panel is mounted or not: the logged-in frame mounts it on side-panel
 * paths, and on a small screen the side panel renders only once its drawer opens.
 */
export function ChatRoomsLiveSync({ workspaceId }: { workspaceId: number | undefined }) {
  const { user } = useAuth();
  useChatRoomsLiveSync(workspaceId, user?.id);
  return null;
}
