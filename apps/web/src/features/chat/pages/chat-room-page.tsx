import { Anchor, Button, Center, Stack, Text } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { ChatMessages } from '@teamup/contracts/chat';
import type { User } from '@teamup/contracts/users';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../config/paths';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ko } from '../../../i18n/ko';
import { useAuth } from '../../../lib/auth/use-auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCurrentWorkspace } from '../../../hooks/use-current-workspace';
import { useChatRooms } from '../api/chat-rooms';
import { ChatRoomView } from '../components/chat-room-view';
import { useChatUnreadTotal } from '../hooks/use-chat-unread';
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
  useDocumentTitle(
    [room ? roomDisplayName(room, user.id) : undefined, workspace.name],
    useChatUnreadTotal(workspace.id),
  );

  if (room) {
    return (
      <ChatRoomView
        key={room.id}
        room={room}
        workspace={workspace}
        me={{ id: user.id, name: user.name, imageUrl: user.profileImageUrl }}
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
            {ko.chat.retryLoad}
          </Button>
        ) : (
          <Anchor component={Link} to={routes.workspace.href(workspace.id)}>
            {ko.chat.backHome}
          </Anchor>
        )}
      </Stack>
    </Center>
  );
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
      <FullPageLoader text={ko.workspaces.loading} height="50vh" />
    ) : (
      <Navigate to={routes.home.href()} replace />
    );
  }
  if (!Number.isInteger(roomId) || roomId <= 0) {
    return <Navigate to={routes.workspace.href(workspace.id)} replace />;
  }
  return <RoomLoader key={roomId} workspace={workspace} roomId={roomId} user={user} />;
}
