import { useChatRooms } from '../api/chat-rooms';

/**
 * How many chat messages wait unread in the workspace's rooms (0 while the list loads), muted
 * rooms left out (their badge in the side panel still counts, greyed). The side panel's live sync
 * keeps the room list, and so this count, current.
 */
export function useChatUnreadTotal(workspaceId: number | undefined): number {
  const rooms = useChatRooms(workspaceId);
  return (rooms.data?.content ?? []).reduce(
    (total, room) => (room.notifyLevel === 'MUTE' ? total : total + Math.max(0, room.unreadCount)),
    0,
  );
}
