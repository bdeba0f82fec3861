import { Anchor, Button, Center, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ChatMessages } from '@teamup/contracts/chat';
import type { User } from '@teamup/contracts/users';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../config/paths';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ko } from '../../../i18n/ko';
import { chatKo } from '../../../i18n/ko/chat';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { useAuth } from '../../../lib/auth/use-auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCurrentWorkspace } from '../../../hooks/use-current-workspace';
import { useChatRooms } from '../api/chat-rooms';
import { ChatRoomView } from '../components/chat-room-view';
import { roomDisplayName } from '../lib/room-display';

function RoomLoader({
  workspace,
  roomId,
  user,
}: {
  workspace: Workspace;
  roomId: number;
  user: User;
}) {
  const rooms = useChatRooms(workspace.id);
  const room = rooms.data?.content.find((item) => item.id === roomId);
  const focus = useMessageFocus();
  useDocumentTitle([room ? roomDisplayName(room, user.id) : undefined, workspace.name]);

  if (room) {
    return (
      <ChatRoomView
        key={`${room.id}:${focus.key}`}
        room={room}
        workspace={workspace}
        me={{ id: user.id, name: user.name, imageUrl: user.profileImageUrl }}
        focusMessageId={focus.messageId}
        onFocused={focus.done}
      />
    );
  }
  if (rooms.isPending || rooms.isFetching) {
    return <FullPageLoader text={ko.common.loading} height="50vh" />;
  }
  return (
    <Center h="50vh">
      <Stack align="center" gap="sm">
        <Text c="red" role="alert" data-testid="chat-room-error">
          {rooms.isError ? ChatMessages.listFailed : ChatMessages.roomNotFound}
        </Text>
        {rooms.isError ? (
          <Button variant="light" onClick={() => void rooms.refetch()}>
            {chatKo.retryLoad}
          </Button>
        ) : (
          <Anchor component={Link} to={routes.workspace.href(workspace.id)}>
            {chatKo.backHome}
          </Anchor>
        )}
      </Stack>
    </Center>
  );
}

const toMessageId = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * `?message=` (a search result): the message the room opens at. Once the room has shown it, it
 * leaves the address (replaced, so going back does not open it again); the room stays where it
 * is. Another `?message=` later (a second result in the same room) opens the room again there.
 */
function useMessageFocus() {
  const [params, setParams] = useSearchParams();
  const param = params.get('message');
  const [focus, setFocus] = useState(() => ({
    messageId: toMessageId(param),
    key: 0,
    shown: false,
    param,
  }));
  // A new `?message=` (kept from the last render, as React's docs advise over an effect).
  if (param !== focus.param) {
    const messageId = toMessageId(param);
    const again = param !== null && (focus.shown || focus.messageId !== messageId);
    setFocus(again ? { messageId, key: focus.key + 1, shown: false, param } : { ...focus, param });
  }
  const done = () => {
    setFocus((current) => (current.shown ? current : { ...current, shown: true }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  };
  return { messageId: focus.messageId, key: focus.key, done };
}

/**
 * The chat room (/ws/{workspaceId}/chat/{chatId}, spec 02 section 2). No room id goes to the
 * workspace home; the room comes from the caller's room list (which holds its read pointer).
 */
export function ChatRoomPage() {
  const { chatId } = useParams();
  const { user, status } = useAuth();
  const { workspace, isLoading } = useCurrentWorkspace();
  const roomId = Number(chatId);

  if (status === 'loading') return <FullPageLoader text={ko.common.sessionLoading} height="50vh" />;
  if (!user) return <Navigate to={routes.login.href()} replace />;
  if (!workspace) {
    return isLoading ? (
      <FullPageLoader text={workspacesKo.loading} height="50vh" />
    ) : (
      <Navigate to={routes.home.href()} replace />
    );
  }
  if (!Number.isInteger(roomId) || roomId <= 0) {
    return <Navigate to={routes.workspace.href(workspace.id)} replace />;
  }
  return <RoomLoader key={roomId} workspace={workspace} roomId={roomId} user={user} />;
}
