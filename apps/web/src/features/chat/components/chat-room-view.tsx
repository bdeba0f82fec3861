import { useMemo, useRef, useState, type DragEvent } from 'react';
import { IconUpload } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@teamup/contracts/chat';
import { ChatMessages } from '@teamup/contracts/chat';
import type { Workspace } from '@teamup/contracts/workspaces';
import { useConfirmAction } from '../../../components/confirm-action';
import { chatKo } from '../../../i18n/ko/chat';
import { useLiveEvents } from '../../../lib/live/use-live';
import { useWorkspacePresence } from '../../../lib/queries/workspace-presence';
import { roomMembersQueryKey, useRoomMembers } from '../api/room-members';
import { useMarkRead } from '../hooks/use-mark-read';
import { useReadCounts } from '../hooks/use-read-counts';
import { useRoomNotice } from '../hooks/use-room-notice';
import { useRoomSession } from '../hooks/use-room-session';
import { useTypingNames, useTypingSender } from '../hooks/use-typing';
import { newestServerId, type LocalMessage } from '../lib/message-store';
import { plainText } from '../lib/message-text';
import {
  canDeleteAnyMessage,
  canPinNotice,
  membersByAccount,
  roomDisplayName,
  senderDisplayName,
} from '../lib/room-display';
import classes from './chat.module.css';
import { ChatRoomHeader } from './chat-room-header';
import { IncomingWebhooksButton } from './incoming-webhooks-modal';
import { MessageComposer, type ComposerHandle } from './message-composer';
import { MessageList } from './message-list';
import { PinnedNotice } from './pinned-notice';
import { RoomFilesDrawer } from './room-files-drawer';
import { RoomMembersModal } from './room-members-modal';
import { RoomNotifyLevelMenu } from './room-notify-level-menu';
import { TypingIndicator } from './typing-indicator';

export interface ChatMe {
  id: number;
  name: string;
  imageUrl: string | null;
}

interface ChatRoomViewProps {
  room: ChatRoom;
  workspace: Workspace;
  me: ChatMe;
  /** Open at this message (a search result): the window around it, centred and highlighted. */
  focusMessageId?: number | undefined;
  /** The room was opened at `focusMessageId` (or the newest window shows, the message gone). */
  onFocused?: () => void;
}

/** One open room: header, message window and composer (spec 02 section 2 "Chat room"). */
export function ChatRoomView({
  room,
  workspace,
  me,
  focusMessageId,
  onFocused,
}: ChatRoomViewProps) {
  const queryClient = useQueryClient();
  const { session, state } = useRoomSession(room, me, focusMessageId);
  const membersQuery = useRoomMembers(room.workspaceId, room.id);
  const members = membersQuery.data ?? room.members;
  const membersMap = useMemo(() => membersByAccount(members), [members]);
  // Opened at an older message, nothing counts as seen down to the end until it is scrolled to:
  // the read pointer moves only to what was on screen.
  const [atBottom, setAtBottom] = useState(focusMessageId === undefined);
  const [membersOpened, setMembersOpened] = useState(false);
  const [filesOpened, setFilesOpened] = useState(false);
  const composer = useRef<ComposerHandle>(null);
  const drop = useFileDrop((files) => composer.current?.addFiles(files));
  const [replyingTo, setReplyingTo] = useState<LocalMessage | null>(null);
  const [editing, setEditing] = useState<LocalMessage | null>(null);
  const roomRef = useMemo(
    () => ({ workspaceId: room.workspaceId, roomId: room.id }),
    [room.workspaceId, room.id],
  );
  const { confirm, confirmElement } = useConfirmAction();
  const mentionCandidates = useMemo(
    () =>
      members
        .filter((member) => member.accountId !== me.id)
        .map((member) => ({
          id: member.accountId,
          name: member.name,
          imageUrl: member.profileImageUrl,
        })),
    [members, me.id],
  );

  useMarkRead(room, newestServerId(state.store), atBottom);
  const readCounter = useReadCounts(roomRef);
  const { notice, pin } = useRoomNotice(roomRef);
  const canManage = room.createdBy === me.id || canDeleteAnyMessage(workspace.myRole);
  const canPin = canPinNotice(room, me.id, workspace.myRole);
  // Incoming webhooks (issue 46): a group room's creator and the workspace's moderators.
  const canManageWebhooks = room.type === 'GROUP' && canManage;
  const nameOf = (id: number) => membersMap.get(id)?.name;
  const showMessage = (messageId: number) => {
    const target = document.querySelector<HTMLElement>(
      `[data-testid="chat-room"][data-room-id="${room.id}"] [data-message-id="${messageId}"]`,
    );
    if (target) target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    else notifications.show({ message: chatKo.reply.notLoaded });
  };

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
  // Typing and presence (decision 0021).
  const typingNames = useTypingNames(room.id, me.id);
  const typingSender = useTypingSender(roomRef);
  const presenceOf = useWorkspacePresence(room.workspaceId);
  const dmOther =
    room.type === 'PERSONAL' ? members.find((member) => member.accountId !== me.id) : undefined;

  const handleDelete = (message: LocalMessage) =>
    confirm({
      title: chatKo.deleteTitle,
      message: chatKo.deleteConfirm,
      confirmLabel: chatKo.deleteConfirmLabel,
      onConfirm: () => {
        void session.remove(message.id).then((removed) => {
          if (!removed) notifications.show({ color: 'red', message: ChatMessages.deleteFailed });
        });
      },
    });

  return (
    <section
      className={classes.room}
      aria-label={chatKo.roomLabel(roomName)}
      data-testid="chat-room"
      data-room-id={room.id}
      {...drop.handlers}
    >
      {drop.over && (
        <div className={classes.dropOverlay} data-testid="chat-drop-overlay">
          <IconUpload size={22} aria-hidden />
          {chatKo.attachment.dropHere}
        </div>
      )}
      <ChatRoomHeader
        roomName={roomName}
        memberCount={members.length || room.memberCount}
        direct={room.type === 'PERSONAL'}
        onShowMembers={() => setMembersOpened(true)}
        onShowFiles={() => setFilesOpened(true)}
        actions={
          <>
            {canManageWebhooks && <IncomingWebhooksButton room={roomRef} />}
            <RoomNotifyLevelMenu room={roomRef} level={room.notifyLevel} />
          </>
        }
        presence={dmOther && presenceOf(dmOther.accountId)}
      />
      {notice && (
        <PinnedNotice
          message={notice}
          nameOf={nameOf}
          canUnpin={canPin}
          onUnpin={() => pin(null)}
          onJumpTo={showMessage}
        />
      )}
      <div className={classes.listWrap}>
        <MessageList
          state={state}
          myId={me.id}
          members={membersMap}
          canDeleteAny={canDeleteAnyMessage(workspace.myRole)}
          atBottom={atBottom}
          onAtBottomChange={setAtBottom}
          onLoadOlder={() => void session.loadOlder()}
          onLoadNewer={() => void session.loadNewer()}
          onJumpToLatest={() => void session.jumpToLatest()}
          onFocused={(focus) => {
            if (!focus.found) notifications.show({ message: chatKo.focusNotFound });
            onFocused?.();
          }}
          onReload={() => void session.load()}
          onDelete={handleDelete}
          onRetry={(tempId) => session.retry(tempId)}
          onReply={(message) => {
            setEditing(null);
            setReplyingTo(message);
          }}
          onEdit={(message) => {
            setReplyingTo(null);
            setEditing(message);
          }}
          room={roomRef}
          readCounter={readCounter}
          canPin={canPin}
          onPin={(message) => pin(message.id)}
          onReact={(message, emoji) => {
            void session.react(message.id, emoji).then((done) => {
              if (!done) notifications.show({ color: 'red', message: ChatMessages.reactFailed });
            });
          }}
        />
      </div>
      <TypingIndicator names={typingNames} />
      <MessageComposer
        handle={composer}
        onTyping={typingSender.typing}
        onSend={(text, files) => {
          typingSender.sent();
          session.send(text, files, replyingTo ?? undefined);
          setReplyingTo(null);
        }}
        replyingTo={
          replyingTo && {
            senderName: senderDisplayName(replyingTo, membersMap),
            content: plainText(replyingTo.content, (id) => membersMap.get(id)?.name),
            hasFile: replyingTo.attachments.length > 0,
          }
        }
        onCancelReply={() => setReplyingTo(null)}
        editing={editing && { id: editing.id, content: editing.content }}
        onEdit={(text) => {
          const id = editing?.id;
          setEditing(null);
          if (id === undefined) return;
          void session.edit(id, text).then((done) => {
            if (!done) notifications.show({ color: 'red', message: ChatMessages.editFailed });
          });
        }}
        onCancelEdit={() => setEditing(null)}
        members={mentionCandidates}
        canMentionAll={canManage}
      />
      <RoomFilesDrawer room={roomRef} opened={filesOpened} onClose={() => setFilesOpened(false)} />
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

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Files dragged over the room: `over` while they are above it (the overlay shows), `onFiles`
 * with them when dropped. Entering and leaving its children is counted so the overlay does not
 * flicker.
 */
function useFileDrop(onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      const files = Array.from(event.dataTransfer.files);
      if (files.length > 0) onFiles(files);
    },
  };
  return { over, handlers };
}
