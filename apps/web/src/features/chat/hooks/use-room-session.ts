import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ChatRoom } from '@teamup/contracts/chat';
import { useLiveEvents, useLiveResync, useLiveState } from '../../../lib/live/use-live';
import { deleteMessage } from '../api/delete-message';
import {
  fetchMessagesAround,
  fetchNewerMessages,
  fetchNewestMessages,
  fetchOlderMessages,
} from '../api/room-messages';
import { editMessage } from '../api/edit-message';
import { sendMessage } from '../api/send-message';
import { setReaction } from '../api/set-reaction';
import { RoomSession, type RoomSessionDeps } from '../lib/room-session';

/**
 * The open room's message session: loaded on mount (around `focusMessageId` when given, else at
 * the newest), fed with live events, synced by fallback while the live link is not open, stopped
 * on unmount. Mount it keyed by the room id (and the focus).
 */
export function useRoomSession(room: ChatRoom, me: RoomSessionDeps['me'], focusMessageId?: number) {
  const [session] = useState(() => {
    const ref = { workspaceId: room.workspaceId, roomId: room.id };
    return new RoomSession({
      me,
      roomId: room.id,
      openedWith: { lastReadMessageId: room.lastReadMessageId, unreadCount: room.unreadCount },
      fetchNewest: (size, signal) => fetchNewestMessages(ref, size, signal),
      fetchOlder: (beforeId, size, signal) => fetchOlderMessages(ref, beforeId, size, signal),
      fetchNewer: (afterId, size, signal) => fetchNewerMessages(ref, afterId, size, signal),
      fetchAround: (messageId, size, signal) => fetchMessagesAround(ref, messageId, size, signal),
      focusMessageId,
      send: (content, files, replyTo, onProgress) =>
        sendMessage(ref, content, files, replyTo, onProgress),
      remove: (messageId) => deleteMessage(ref, messageId),
      edit: (messageId, content) => editMessage(ref, messageId, content),
      react: (messageId, emoji, reacted) => setReaction(ref, messageId, emoji, reacted),
    });
  });

  useEffect(() => {
    session.start();
    return () => session.dispose();
  }, [session]);

  const liveState = useLiveState();
  useEffect(() => session.setLiveOpen(liveState === 'open'), [session, liveState]);
  useLiveEvents((event) => session.handleEvent(event));
  // Missed events: the newest window again, unless an older one is being read (nothing newer is
  // shown there; the jump to the latest loads it).
  useLiveResync(() => {
    if (!session.getSnapshot().newerOnServer) void session.load();
  });

  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, state };
}
