import { useState } from 'react';
import { Button, Divider, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorExit } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ChatMember, ChatRoom } from '@teamup/contracts/chat';
import { ChatMessages } from '@teamup/contracts/chat';
import { Limits } from '@teamup/contracts/limits';
import { routes } from '../../../config/paths';
import { useConfirmAction } from '../../../components/confirm-action';
import { chatKo } from '../../../i18n/ko/chat';
import { errorMessage } from '../../../lib/error-message';
import { MemberAvatar } from '../../../components/member-avatar';
import { WithPresence } from '../../../components/presence-dot';
import { useWorkspacePresence } from '../../../lib/queries/workspace-presence';
import { useLeaveRoom } from '../api/leave-room';
import { useRenameRoom } from '../api/rename-room';

interface RoomMembersModalProps {
  room: ChatRoom;
  roomName: string;
  members: readonly ChatMember[];
  myId: number;
  opened: boolean;
  onClose: () => void;
}

function RenameForm({ room, onDone }: { room: ChatRoom; onDone: () => void }) {
  const [name, setName] = useState(room.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameRoom();
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(ChatMessages.groupNameRequired);
      return;
    }
    rename.mutate(
      { room: { workspaceId: room.workspaceId, roomId: room.id }, name: trimmed },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: chatKo.renamed });
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure, { fallback: chatKo.renameFailed })),
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={chatKo.renameLabel}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          maxLength={Limits.chatRoomNameMax}
          error={error}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" mt={25} variant="light" loading={rename.isPending}>
          {chatKo.renameSave}
        </Button>
      </Group>
    </form>
  );
}

/** The room's members; in a group also renaming the room and leaving it. */
export function RoomMembersModal({
  room,
  roomName,
  members,
  myId,
  opened,
  onClose,
}: RoomMembersModalProps) {
  const navigate = useNavigate();
  const leave = useLeaveRoom();
  const { confirm, confirmElement } = useConfirmAction();
  const presenceOf = useWorkspacePresence(room.workspaceId);

  const handleLeave = () =>
    confirm({
      title: chatKo.leave,
      message: chatKo.leaveConfirm(roomName),
      confirmLabel: chatKo.leave,
      onConfirm: () =>
        leave.mutate(
          { workspaceId: room.workspaceId, roomId: room.id },
          {
            onSuccess: () => {
              onClose();
              void navigate(routes.workspace.href(room.workspaceId));
            },
            onError: (failure) =>
              notifications.show({
                color: 'red',
                message: errorMessage(failure, { fallback: chatKo.leaveFailed }),
              }),
          },
        ),
    });

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={chatKo.membersTitle}
        centered
        attributes={{ content: { 'data-testid': 'chat-members-dialog' } }}
      >
        <Stack gap="sm">
          {room.type === 'GROUP' && (
            <>
              <RenameForm room={room} onDone={onClose} />
              <Divider />
            </>
          )}
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {members.map((member) => (
              <Group
                component="li"
                key={member.accountId}
                gap="sm"
                wrap="nowrap"
                data-testid="chat-member"
              >
                <WithPresence status={presenceOf(member.accountId)}>
                  <MemberAvatar name={member.name} imageUrl={member.profileImageUrl} size={32} />
                </WithPresence>
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {member.name}
                    {member.accountId === myId && ` (${chatKo.me})`}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {member.email}
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
          {room.type === 'GROUP' && (
            <Group justify="flex-end">
              <Button
                color="red"
                variant="subtle"
                leftSection={<IconDoorExit size={16} />}
                onClick={handleLeave}
                loading={leave.isPending}
                data-testid="chat-leave"
              >
                {chatKo.leave}
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
      {confirmElement}
    </>
  );
}
