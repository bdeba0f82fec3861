import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@teamup/contracts/chat';
import { applyReadToCache, markRead } from '../api/mark-read';

/** Waits this long so a burst of messages sends one read pointer. */
const MARK_READ_DELAY_MS = 300;

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * Sends last-read-refresh when the newest message is on screen (the list is at its bottom and
 * the page is visible), and moves the cached read pointer at once so unread badges clear.
 */
export function useMarkRead(room: ChatRoom, newestId: number | undefined, atBottom: boolean) {
  const queryClient = useQueryClient();
  const sentRef = useRef(room.lastReadMessageId ?? 0);
  const [visible, setVisible] = useState(pageVisible);

  useEffect(() => {
    const handleVisibility = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, []);

  const { workspaceId, id: roomId } = room;
  useEffect(() => {
    if (!atBottom || !visible || newestId === undefined || newestId <= sentRef.current) return;
    const timer = setTimeout(() => {
      const previous = sentRef.current;
      sentRef.current = newestId;
      applyReadToCache(queryClient, workspaceId, roomId, newestId);
      markRead({ workspaceId, roomId }, newestId).catch(() => {
        // Told again with the next message seen.
        if (sentRef.current === newestId) sentRef.current = previous;
      });
    }, MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [atBottom, visible, newestId, queryClient, workspaceId, roomId]);
}
