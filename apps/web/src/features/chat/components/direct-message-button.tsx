import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { routes } from '../../../config/paths';
import { chatKo } from '../../../i18n/ko/chat';
import { errorMessage } from '../../../lib/error-message';
import { useCreateChatRoom } from '../api/create-chat-room';

/**
 * Opens the 1:1 room with a person in a workspace both are in: the existing one, or a new one
 * (the server returns the DM they already share rather than a second).
 */
export function DirectMessageButton({
  workspaceId,
  otherId,
}: {
  workspaceId: number;
  otherId: number;
}) {
  const create = useCreateChatRoom();
  const navigate = useNavigate();
  return (
    <Button
      leftSection={<IconMessageCircle size={16} />}
      loading={create.isPending}
      data-testid="user-send-message"
      onClick={() =>
        create.mutate(
          { type: 'PERSONAL', workspaceId, otherId },
          {
            onSuccess: (room) => void navigate(routes.chat.href(workspaceId, room.id)),
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: errorMessage(error, { fallback: chatKo.dmFailed }),
              }),
          },
        )
      }
    >
      {chatKo.sendMessage}
    </Button>
  );
}
