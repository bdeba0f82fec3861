import { useMemo, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@teamup/contracts/chat';
import { ChatMessages } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { useConfirmAction } from '../../../components/confirm-action';
import { ko } from '../../../i18n/ko';
import { useLiveEvents } from '../../../lib/live/use-live';
import { roomMembersQueryKey, useRoomMembers } from '../api/room-members';
import { useMarkRead } from '../hooks/use-mark-read';
import { useRoomSession } from '../hooks/use-room-session';
import { newestServerId, type LocalMessage } from '../lib/message-store';
import { canDeleteAnyMessage, membersByAccount, roomDisplayName } from '../lib/room-display';
import classes from './chat.module.css';
import { ChatRoomHeader } from './chat-room-header';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { RoomMembersModal } from './room-members-modal';

export interface ChatMe {
  id: number;
  name: string;
  imageUrl: string | null;
}

interface ChatRoomViewProps {
  room: ChatRoom;
  workspace: Workspace;
  me: ChatMe;
}

/** One open room: header, message window and composer (spec 02 section 2 "Chat room"). */
export function ChatRoomView({ room, workspace, me }: ChatRoomViewProps) {
  const queryClient = useQueryClient();
  const { session, state } = useRoomSession(room, me);
  const membersQuery = useRoomMembers(room.workspaceId, room.id);
  const members = membersQuery.data ?? room.members;
  const membersMap = useMemo(() => membersByAccount(members), [members]);
  const [atBottom, setAtBottom] = useState(true);
  const [membersOpened, setMembersOpened] = useState(false);
  const { confirm, confirmElement } = useConfirmAction();

  useMarkRead(room, newestServerId(state.store), atBottom);

  useLiveEvents((event) => {
    if (
      (event.type === 'CHAT_MEMBER_JOINED' || event.type === 'CHAT_MEMBER_LEFT') &&
      event.chatRoomId === room.id
    ) {
      void queryClient.invalidateQueries({
        queryKey: roomMembersQueryKey(room.workspaceId, room.id),
      });
    }
  });

  const roomName = roomDisplayName(room, me.id);

  const handleDelete = (message: LocalMessage) =>
    confirm({
      title: ko.chat.deleteTitle,
      message: ko.chat.deleteConfirm,
      confirmLabel: ko.chat.deleteConfirmLabel,
      onConfirm: () => {
        void session.remove(message.id).then((removed) => {
          if (!removed) notifications.show({ color: 'red', message: ChatMessages.deleteFailed });
        });
      },
    });

  return (
    <section
      className={classes.room}
      aria-label={ko.chat.roomLabel(roomName)}
      data-testid="chat-room"
      data-room-id={room.id}
    >
      <ChatRoomHeader
        roomName={roomName}
        memberCount={members.length || room.memberCount}
        onShowMembers={() => setMembersOpened(true)}
      />
      <div className={classes.listWrap}>
        <MessageList
          state={state}
          myId={me.id}
          members={membersMap}
          canDeleteAny={canDeleteAnyMessage(workspace.myRole)}
          atBottom={atBottom}
          onAtBottomChange={setAtBottom}
          onLoadOlder={() => void session.loadOlder()}
          onReload={() => void session.load()}
          onDelete={handleDelete}
          onRetry={(tempId) => session.retry(tempId)}
        />
      </div>
      <MessageComposer onSend={(text, file) => session.send(text, file)} />
      <RoomMembersModal
        room={room}
        roomName={roomName}
        members={members}
        myId={me.id}
        opened={membersOpened}
        onClose={() => setMembersOpened(false)}
      />
      {confirmElement}
    </section>
  );
}
