import type { ReactNode } from 'react';
import { Button, Group, Title } from '@mantine/core';
import { IconFolder, IconUsers } from '@tabler/icons-react';
import type { PresenceStatus } from '@teamup/contracts/presence';
import { PresenceDot } from '../../../components/presence-dot';
import { chatKo } from '../../../i18n/ko/chat';
import classes from './chat.module.css';

interface ChatRoomHeaderProps {
  roomName: string;
  memberCount: number;
  /** A 1:1 room: the members button names the other person instead of counting two. */
  direct?: boolean;
  onShowMembers: () => void;
  /** Opens the room's files drawer. */
  onShowFiles?: () => void;
  /** Room-level controls shown before the files and members buttons (the notification bell). */
  actions?: ReactNode;
  /** A DM's other person's presence, shown beside the name (decision 0021). */
  presence?: PresenceStatus;
}

/** The room's name (with a DM partner's presence), its controls, and its files and members. */
export function ChatRoomHeader({
  roomName,
  memberCount,
  direct = false,
  onShowMembers,
  onShowFiles,
  actions,
  presence,
}: ChatRoomHeaderProps) {
  return (
    <Group
      className={classes.header}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="sm"
      py="xs"
    >
      <Group gap={8} wrap="nowrap" miw={0}>
        {presence && <PresenceDot status={presence} />}
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
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {actions}
        {onShowFiles && (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconFolder size={16} />}
            onClick={onShowFiles}
            aria-label={chatKo.files.open}
            data-testid="chat-files-button"
          >
            {/* A phone shows the icon alone: the room's name keeps the room. */}
            <span className={classes.wideOnly}>{chatKo.files.open}</span>
          </Button>
        )}
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconUsers size={16} />}
          onClick={onShowMembers}
          data-testid="chat-members-button"
          style={{ flexShrink: 0 }}
        >
          {direct ? chatKo.dmMembers : chatKo.members(memberCount)}
        </Button>
      </Group>
    </Group>
  );
}
