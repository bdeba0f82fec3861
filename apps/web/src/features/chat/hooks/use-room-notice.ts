import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatNotice } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import { useLiveEvents, useLiveResync } from '../../../lib/live/use-live';
import { putLiveData } from '../../../lib/queries/live-cache';
import { roomNoticeQueryKey, setRoomNotice, useRoomNoticeQuery } from '../api/room-notice';
import type { RoomRef } from '../api/room-messages';

/**
 * The open room's notice: fetched once, replaced by CHAT_NOTICE_CHANGED, and following its
 * message's edits and deletion live. `pin` sets it (null takes it down).
 */
export function useRoomNotice(room: RoomRef) {
  const queryClient = useQueryClient();
  const key = roomNoticeQueryKey(room);
  const { data } = useRoomNoticeQuery(room);
  const put = (message: ChatMessage | null) =>
    putLiveData<ChatNotice>(queryClient, key, { chatRoomId: room.roomId, message });

  useLiveEvents((event) => {
    if (!('chatRoomId' in event) || event.chatRoomId !== room.roomId) return;
    const pinnedId = data?.message?.id;
    if (event.type === 'CHAT_NOTICE_CHANGED') put(event.message);
    else if (event.type === 'CHAT_MESSAGE_DELETED' && event.messageId === pinnedId) put(null);
    else if (event.type === 'CHAT_MESSAGE_EDITED' && event.messageId === pinnedId) {
      put(event.message);
    }
  });
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: key }));

  const pin = (messageId: number | null) => {
    setRoomNotice(room, messageId).then(
      (notice) => queryClient.setQueryData<ChatNotice>(key, notice),
      () => notifications.show({ color: 'red', message: chatKo.notice.failed }),
    );
  };
  return { notice: data?.message ?? null, pin };
}
