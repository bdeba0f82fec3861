import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ChatRoom } from '@teamup/contracts/chat';
import { useLiveEvents, useLiveResync, useLiveState } from '../../../lib/live/use-live';
import { deleteMessage } from '../api/delete-message';
import { fetchNewestMessages, fetchOlderMessages } from '../api/room-messages';
import { sendMessage } from '../api/send-message';
import { RoomSession, type RoomSessionDeps } from '../lib/room-session';

/**
 * The open room's message session: loaded on mount, fed with live events, synced by fallback
 * while the live link is not open, stopped on unmount. Mount it keyed by the room id.
 */
export function useRoomSession(room: ChatRoom, me: RoomSessionDeps['me']) {
  const [session] = useState(() => {
    const ref = { workspaceId: room.workspaceId, roomId: room.id };
    return new RoomSession({
      me,
      roomId: room.id,
      openedWith: { lastReadMessageId: room.lastReadMessageId, unreadCount: room.unreadCount },
      fetchNewest: (size, signal) => fetchNewestMessages(ref, size, signal),
      fetchOlder: (beforeId, size, signal) => fetchOlderMessages(ref, beforeId, size, signal),
      send: (content, file) => sendMessage(ref, content, file),
      remove: (messageId) => deleteMessage(ref, messageId),
    });
  });

  useEffect(() => {
    session.start();
    return () => session.dispose();
  }, [session]);

  const liveState = useLiveState();
  useEffect(() => session.setLiveOpen(liveState === 'open'), [session, liveState]);
  useLiveEvents((event) => session.handleEvent(event));
  useLiveResync(() => void session.load());

  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, state };
}
