import { ActionIcon, Badge, Group, Stack, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconVideo } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { routes } from '../../../config/paths';
import { useConfirmAction } from '../../../components/confirm-action';
import { videoKo } from '../../../i18n/ko/video';
import { errorMessage } from '../../../lib/error-message';
import { SidePanelLink } from '../../../components/side-panel/side-panel-link';
import { sidePanelListState } from '../../../components/side-panel/side-panel-section';
import { useDeleteVideoChannel, useVideoChannels } from '../api/video-api';

const t = videoKo.rooms;

interface VideoRoomLinksProps {
  workspaceId: number;
  /** Only the workspace owner may delete rooms (spec 02 section 6). */
  isOwner: boolean;
  emptyText: string;
}

/** The workspace's video rooms in the side panel, polled every 5 s, each opening the meeting. */
export function VideoRoomLinks({ workspaceId, isOwner, emptyText }: VideoRoomLinksProps) {
  const rooms = useVideoChannels(workspaceId);
  const remove = useDeleteVideoChannel(workspaceId);
  const [params] = useSearchParams();
  const { confirm, confirmElement } = useConfirmAction();
  const currentRoom = params.get('roomId');

  const state = sidePanelListState({
    isPending: rooms.isPending,
    isError: rooms.isError,
    isEmpty: rooms.data?.length === 0,
    failedText: t.failed,
    emptyText,
  });
  if (state || !rooms.data) return state;
  return (
    <>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {rooms.data.map((room) => {
          const active = String(room.id) === currentRoom;
          return (
            <li key={room.id}>
              <Group gap={2} wrap="nowrap">
                {/* Takes the row beside the delete button; a cut name shows whole on hover. */}
                <div style={{ flex: 1, minWidth: 0 }}>
                  <SidePanelLink
                    to={routes.videoLive.href(workspaceId, {
                      roomId: room.id,
                      roomName: room.name,
                    })}
                    name={room.teamName ? `${room.name} · ${room.teamName}` : room.name}
                    active={active}
                    leftSection={<IconVideo size={16} aria-hidden />}
                    rightSection={
                      room.participantCount > 0 ? (
                        <Badge
                          size="sm"
                          variant="light"
                          aria-label={t.participantCount(room.participantCount)}
                        >
                          {room.participantCount}
                        </Badge>
                      ) : undefined
                    }
                    testId="side-panel-video-room"
                    data={{ 'data-room-id': room.id }}
                  />
                </div>
                {isOwner && (
                  <Tooltip label={t.delete(room.name)} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t.delete(room.name)}
                      loading={remove.isPending && remove.variables === room.id}
                      onClick={() =>
                        confirm({
                          title: t.delete(room.name),
                          message: t.deleteConfirm(room.name),
                          confirmLabel: t.deleteAction,
                          onConfirm: () =>
                            remove.mutate(room.id, {
                              onSuccess: () =>
                                notifications.show({ color: 'teal', message: t.deleted }),
                              onError: (error) =>
                                notifications.show({
                                  color: 'red',
                                  message: errorMessage(error, { fallback: t.deleteFailed }),
                                }),
                            }),
                        })
                      }
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </li>
          );
        })}
      </Stack>
      {confirmElement}
    </>
  );
}
