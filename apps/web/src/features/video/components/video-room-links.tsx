import { ActionIcon, Badge, Group, Menu, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconPresentation,
  IconSettings,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { VideoChannel, VideoMode } from '@teamup/contracts/video';
import { useSearchParams } from 'react-router';
import { routes } from '../../../config/paths';
import { useConfirmAction } from '../../../components/confirm-action';
import { videoKo } from '../../../i18n/ko/video';
import { errorMessage } from '../../../lib/error-message';
import { SidePanelLink } from '../../../components/side-panel/side-panel-link';
import { sidePanelListState } from '../../../components/side-panel/side-panel-section';
import { useDeleteVideoChannel, useUpdateVideoChannel, useVideoChannels } from '../api/video-api';

const t = videoKo.rooms;
const modes = videoKo.modes;
/**
 * The modes, spelled here: the side panel is drawn on first paint, and the contracts' video
 * module would bring zod with it (first-paint.spec).
 */
const MODES: readonly VideoMode[] = ['PRESENTATION', 'DISCUSSION'];

/**
 * The meeting's mode, for its creator and the workspace's moderators: a menu of the two modes.
 * While anyone is in the meeting the other mode is offered disabled, with why (the server refuses
 * such a change too, in its own words, should the list be behind).
 */
function ModeMenu({ workspaceId, room }: { workspaceId: number; room: VideoChannel }) {
  const update = useUpdateVideoChannel(workspaceId);
  const inUse = room.participantCount > 0;
  return (
    <Menu position="bottom-end" withinPortal>
      {/* No tooltip between the target and the button: the menu's aria-expanded and
          aria-controls must land on the button itself. */}
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={modes.change(room.name)}
          title={modes.change(room.name)}
          loading={update.isPending}
          data-testid="video-room-mode-menu"
        >
          <IconSettings size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{modes.label}</Menu.Label>
        {MODES.map((mode) => (
          <Menu.Item
            key={mode}
            // The server refuses a change while anyone is inside: the menu says so first.
            disabled={inUse && mode !== room.mode}
            leftSection={
              mode === room.mode ? <IconCheck size={14} /> : <span style={{ width: 14 }} />
            }
            aria-checked={mode === room.mode}
            role="menuitemradio"
            data-testid={`video-room-set-${mode.toLowerCase()}`}
            onClick={() => {
              if (mode === room.mode) return;
              update.mutate(
                { channelId: room.id, mode },
                {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', message: modes.changed(modes[mode]) }),
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      message: errorMessage(error, { fallback: modes.changeFailed }),
                    }),
                },
              );
            }}
          >
            {modes[mode]}
            {/* Mantine's items are plain menuitems (no aria-checked): the current one says so. */}
            {mode === room.mode && <VisuallyHidden>{modes.current}</VisuallyHidden>}
          </Menu.Item>
        ))}
        {inUse && (
          <Menu.Label
            maw={220}
            style={{ whiteSpace: 'normal' }}
            data-testid="video-room-mode-locked"
          >
            {modes.lockedWhileInUse}
          </Menu.Label>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

interface VideoRoomLinksProps {
  workspaceId: number;
  /** Only the workspace owner may delete rooms (spec 02 section 6). */
  isOwner: boolean;
  /** The owner and admins choose any room's mode; others only that of rooms they made. */
  canModerate: boolean;
  myId: number | undefined;
  emptyText: string;
}

/**
 * The workspace's video rooms in the side panel, polled every 5 s, each opening the meeting, with
 * its mode (a discussion is marked; issue 47).
 */
export function VideoRoomLinks({
  workspaceId,
  isOwner,
  canModerate,
  myId,
  emptyText,
}: VideoRoomLinksProps) {
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
                    leftSection={
                      // The mode by its icon: a badge's width would cut a short name in a
                      // side panel that already holds the count and two buttons.
                      room.mode === 'DISCUSSION' ? (
                        <IconUsers
                          size={16}
                          aria-label={modes.DISCUSSION}
                          role="img"
                          data-testid="video-room-discussion"
                        />
                      ) : (
                        <IconPresentation size={16} aria-label={modes.PRESENTATION} role="img" />
                      )
                    }
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
                {(canModerate || room.createdBy === myId) && (
                  <ModeMenu workspaceId={workspaceId} room={room} />
                )}
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
