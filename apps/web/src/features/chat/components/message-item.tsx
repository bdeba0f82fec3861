import { ActionIcon, Anchor, Box, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { IconDots, IconRefresh, IconTrash } from '@tabler/icons-react';
import { ChatMessages } from '@teamup/contracts/chat';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { MemberAvatar } from '../../../components/member-avatar';
import type { LocalMessage } from '../lib/message-store';
import { MessageAttachment } from './message-attachment';
import { formatMessageDateTime, formatMessageTime } from '../lib/room-display';
import classes from './chat.module.css';

export interface MessageItemProps {
  message: LocalMessage;
  own: boolean;
  senderName: string;
  senderImage: string | null;
  /** First of a run from the same sender: the name and picture show. */
  showSender: boolean;
  canDelete: boolean;
  /** A screen without hover (touch): the delete action sits in a menu. */
  touch: boolean;
  onDelete: (message: LocalMessage) => void;
  onRetry: (tempId: number) => void;
}

function DeleteControl({
  message,
  touch,
  onDelete,
}: Pick<MessageItemProps, 'message' | 'touch' | 'onDelete'>) {
  if (touch) {
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={ko.chat.messageMenu}
            data-testid="chat-message-menu"
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            data-testid="chat-message-delete"
            onClick={() => onDelete(message)}
          >
            {ko.chat.deleteLabel}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    <Tooltip label={ko.chat.deleteLabel} withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={ko.chat.deleteLabel}
        data-testid="chat-message-delete"
        onClick={() => onDelete(message)}
      >
        <IconTrash size={15} />
      </ActionIcon>
    </Tooltip>
  );
}

/** One message: mine on the right, others' on the left with picture and name. */
export function MessageItem({
  message,
  own,
  senderName,
  senderImage,
  showSender,
  canDelete,
  touch,
  onDelete,
  onRetry,
}: MessageItemProps) {
  const delivery = message.pending?.delivery;
  const bubbleClass = [
    classes.bubble,
    message.deleted ? classes.bubbleDeleted : '',
    delivery === 'sending' ? classes.bubblePending : '',
  ].join(' ');

  return (
    <Box
      className={`${classes.row} ${own ? classes.rowOwn : ''}`}
      data-testid="chat-message"
      data-message-id={message.id}
      data-own={own ? 'true' : 'false'}
      mt={showSender ? 'xs' : 0}
    >
      {!own &&
        (showSender ? (
          <MemberAvatar name={senderName} imageUrl={senderImage} size={32} />
        ) : (
          <span className={classes.avatarSpacer} aria-hidden />
        ))}
      <div className={classes.body}>
        {!own && showSender && (
          <Anchor
            component={Link}
            to={routes.userProfile.href(message.senderId)}
            size="xs"
            fw={600}
            c="dimmed"
            mb={2}
            truncate="end"
            maw="100%"
            data-testid="chat-sender-link"
          >
            {senderName}
          </Anchor>
        )}
        <div className={classes.line}>
          <div className={classes.stack}>
            {message.attachment && !message.deleted && (
              <div className={classes.attachment}>
                <MessageAttachment attachment={message.attachment} file={message.pending?.file} />
              </div>
            )}
            {(message.deleted || message.content !== '') && (
              <div className={bubbleClass} data-testid="chat-message-content">
                {message.deleted ? ko.chat.deleted : message.content}
              </div>
            )}
          </div>
          <Tooltip label={formatMessageDateTime(message.sentAt)} withArrow openDelay={500}>
            <span className={classes.meta}>
              {delivery === 'sending'
                ? ko.chat.sending
                : delivery === 'failed'
                  ? ''
                  : formatMessageTime(message.sentAt)}
            </span>
          </Tooltip>
          {canDelete && !message.deleted && !delivery && (
            <div className={classes.actions}>
              <DeleteControl message={message} touch={touch} onDelete={onDelete} />
            </div>
          )}
        </div>
        {delivery === 'failed' && (
          <Group gap={6} wrap="wrap" justify="flex-end" mt={4} data-testid="chat-message-failed">
            <Text size="xs" c="red" role="alert" style={{ overflowWrap: 'anywhere' }}>
              {ChatMessages.sendFailed}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={12} />}
              data-testid="chat-message-retry"
              onClick={() => onRetry(message.id)}
            >
              {ko.chat.retrySend}
            </Button>
          </Group>
        )}
      </div>
    </Box>
  );
}
