import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatReadPointers } from '@teamup/contracts/chat';
import { useLiveEvents, useLiveResync } from '../../../lib/live/use-live';
import { putLiveData } from '../../../lib/queries/live-cache';
import { readPointersQueryKey, useReadPointers } from '../api/read-pointers';
import type { RoomRef } from '../api/room-messages';
import { movePointer, readCounter, type ReadCounter } from '../lib/read-counts';

/**
 * The open room's read pointers, fetched once and moved by live events: a read moves the
 * reader's, a new message its sender's; a join or leave fetches them again (decision 0019).
 */
export function useReadCounts(room: RoomRef): ReadCounter | null {
  const queryClient = useQueryClient();
  const key = readPointersQueryKey(room);
  const { data } = useReadPointers(room);

  const move = (userId: number, to: number) =>
    putLiveData<ChatReadPointers>(queryClient, key, (current) =>
      current ? movePointer(current, userId, to) : current,
    );

  useLiveEvents((event) => {
    if (!('chatRoomId' in event) || event.chatRoomId !== room.roomId) return;
    if (event.type === 'CHAT_READ_POINTER_MOVED') move(event.userId, event.lastReadMessageId);
    else if (event.type === 'NEW_CHAT_MESSAGE') move(event.senderId, event.messageId);
    else if (event.type === 'CHAT_MEMBER_JOINED' || event.type === 'CHAT_MEMBER_LEFT') {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  });
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: key }));

  return useMemo(() => readCounter(data), [data]);
}
