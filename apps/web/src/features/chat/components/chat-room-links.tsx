import { Badge, Group, Stack } from '@mantine/core';
import { IconBellOff, IconMessageCircle, IconUser } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { ChatRoomType } from '@teamup/contracts/chat';
import { routes } from '../../../config/paths';
import { chatKo } from '../../../i18n/ko/chat';
import { useChatRooms } from '../api/chat-rooms';
import { chatListMessages } from '../../../lib/first-load-endpoints';
import { roomDisplayName } from '../lib/room-display';
import { SidePanelLink } from '../../../components/side-panel/side-panel-link';
import { WithPresence } from '../../../components/presence-dot';
import { useWorkspacePresence } from '../../../lib/queries/workspace-presence';
import { sidePanelListState } from '../../../components/side-panel/side-panel-section';

interface ChatRoomLinksProps {
  workspaceId: number;
  myId: number | undefined;
  type: ChatRoomType;
  emptyText: string;
}

/** The room's unread count; grey for a muted room, which leaves the totals. */
function UnreadBadge({ count, muted }: { count: number; muted: boolean }) {
  if (count <= 0) return null;
  return (
    <Badge
      size="sm"
      circle={count < 10}
      color={muted ? 'gray' : 'red'}
      variant="filled"
      data-testid="chat-unread-badge"
      aria-label={chatKo.unreadBadge(count)}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/** The caller's DMs or groups in the side panel, with unread badges, linking to each room. */
export function ChatRoomLinks({ workspaceId, myId, type, emptyText }: ChatRoomLinksProps) {
  const { chatId } = useParams();
  const rooms = useChatRooms(workspaceId);
  // A DM's icon carries its other person's presence (decision 0021).
  const presenceOf = useWorkspacePresence(type === 'PERSONAL' ? workspaceId : undefined);

  const mine = rooms.data?.content.filter((room) => room.type === type) ?? [];
  const state = sidePanelListState({
    isPending: rooms.isPending,
    isError: rooms.isError,
    isEmpty: mine.length === 0,
    failedText: chatListMessages.listFailed,
    emptyText,
  });
  if (state) return state;
  const Icon = type === 'PERSONAL' ? IconUser : IconMessageCircle;
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {mine.map((room) => {
        const active = String(room.id) === chatId;
        const name = roomDisplayName(room, myId);
        const muted = room.notifyLevel === 'MUTE';
        const other =
          type === 'PERSONAL'
            ? room.members.find((member) => member.accountId !== myId)
            : undefined;
        return (
          <li key={room.id}>
            <SidePanelLink
              to={routes.chat.href(workspaceId, room.id)}
              name={name}
              active={active}
              leftSection={
                other ? (
                  <WithPresence status={presenceOf(other.accountId)} size={7}>
                    <Icon size={16} aria-hidden />
                  </WithPresence>
                ) : (
                  <Icon size={16} aria-hidden />
                )
              }
              rightSection={
                <Group gap={4} wrap="nowrap">
                  {muted && (
                    <IconBellOff
                      size={14}
                      aria-label={chatKo.notifyLevel.muted}
                      role="img"
                      data-testid="chat-room-muted"
                    />
                  )}
                  <UnreadBadge count={active ? 0 : room.unreadCount} muted={muted} />
                </Group>
              }
              testId="chat-room-link"
              data={{ 'data-room-id': room.id }}
            />
          </li>
        );
      })}
    </Stack>
  );
}
