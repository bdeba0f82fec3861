import { Button, Group, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import classes from './chat.module.css';

interface ChatRoomHeaderProps {
  roomName: string;
  memberCount: number;
  onShowMembers: () => void;
}

/** The room's name and a button showing its members. */
export function ChatRoomHeader({ roomName, memberCount, onShowMembers }: ChatRoomHeaderProps) {
  return (
    <Group
      className={classes.header}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="sm"
      py="xs"
    >
      {/* The room's name is the page's one h1 (axe page-has-heading-one). */}
      <Title
        order={1}
        size="h4"
        lineClamp={1}
        miw={0}
        data-testid="chat-room-title"
        title={roomName}
      >
        {roomName}
      </Title>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconUsers size={16} />}
        onClick={onShowMembers}
        data-testid="chat-members-button"
        style={{ flexShrink: 0 }}
      >
        {ko.chat.members(memberCount)}
      </Button>
    </Group>
  );
}
