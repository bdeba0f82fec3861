import { memo } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  IconArrowBackUp,
  IconDots,
  IconPencil,
  IconPin,
  IconRefresh,
  IconRobot,
  IconTrash,
} from '@tabler/icons-react';
import {
  ChatMessages,
  type ChatReactionEmoji,
  type ChatReplyPreview,
} from '@teamup/contracts/chat';
import { routes } from '../../../config/paths';
import { chatKo } from '../../../i18n/ko/chat';
import { MemberAvatar } from '../../../components/member-avatar';
import type { LocalMessage } from '../lib/message-store';
import type { RoomRef } from '../api/room-messages';
import { EditedMark } from './edited-mark';
import { MessageAttachments } from './message-attachment';
import { MessageText } from './message-text';
import { plainText } from '../lib/message-text';
import { ReactionBar, ReactionPicker } from './message-reactions';
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
  /** A screen without hover (touch): the actions sit in a menu. */
  touch: boolean;
  /** Shown briefly after a jump to it from a reply. */
  highlighted?: boolean;
  onDelete: (message: LocalMessage) => void;
  onRetry: (tempId: number) => void;
  onReply: (message: LocalMessage) => void;
  /** A reply's quote was clicked: show its original. */
  onJumpTo: (messageId: number) => void;
  myId: number;
  onReact: (message: LocalMessage, emoji: ChatReactionEmoji) => void;
  /** Mine and text only: the edit action shows. */
  canEdit: boolean;
  onEdit: (message: LocalMessage) => void;
  room: RoomRef;
  /** Members besides the sender who have not read it yet (KakaoTalk's number); 0 or none: hidden. */
  readCount?: number | undefined;
  /** Today's name of a member, for mentions. */
  nameOf?: (id: number) => string | undefined;
  /** The room owner or an admin: the message can be pinned as the room's notice. */
  canPin?: boolean;
  onPin?: (message: LocalMessage) => void;
}

const noName = (): string | undefined => undefined;

type ActionProps = Pick<
  MessageItemProps,
  | 'message'
  | 'touch'
  | 'onDelete'
  | 'onReply'
  | 'canDelete'
  | 'onReact'
  | 'canEdit'
  | 'onEdit'
  | 'canPin'
  | 'onPin'
>;

/**
 * React, reply and delete: icons shown on hover with a mouse; on touch screens the reaction
 * button and a menu for the rest.
 */
function MessageActions({
  message,
  touch,
  canDelete,
  onDelete,
  onReply,
  onReact,
  canEdit,
  onEdit,
  canPin = false,
  onPin,
}: ActionProps) {
  const picker = <ReactionPicker onPick={(emoji) => onReact(message, emoji)} />;
  if (touch) {
    return (
      <Group gap={2} wrap="nowrap">
        {picker}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={chatKo.messageMenu}
              data-testid="chat-message-menu"
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconArrowBackUp size={14} />}
              data-testid="chat-message-reply"
              onClick={() => onReply(message)}
            >
              {chatKo.reply.action}
            </Menu.Item>
            {canPin && (
              <Menu.Item
                leftSection={<IconPin size={14} />}
                data-testid="chat-message-pin"
                onClick={() => onPin?.(message)}
              >
                {chatKo.notice.pin}
              </Menu.Item>
            )}
            {canDelete && (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                data-testid="chat-message-delete"
                onClick={() => onDelete(message)}
              >
                {chatKo.deleteLabel}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    );
  }
  return (
    <div className={classes.actionRow}>
      {picker}
      {/* Plain buttons with a title: every row has them, and a long list feels each component. */}
      <button
        type="button"
        className={classes.actionButton}
        aria-label={chatKo.reply.action}
        title={chatKo.reply.action}
        data-testid="chat-message-reply"
        onClick={() => onReply(message)}
      >
        <IconArrowBackUp size={15} />
      </button>
      {canPin && (
        <button
          type="button"
          className={classes.actionButton}
          aria-label={chatKo.notice.pin}
          title={chatKo.notice.pin}
          data-testid="chat-message-pin"
          onClick={() => onPin?.(message)}
        >
          <IconPin size={15} />
        </button>
      )}
      {canEdit && (
        <button
          type="button"
          className={classes.actionButton}
          aria-label={chatKo.edit.action}
          title={chatKo.edit.action}
          data-testid="chat-message-edit"
          onClick={() => onEdit(message)}
        >
          <IconPencil size={15} />
        </button>
      )}
      {canDelete && (
        <Tooltip label={chatKo.deleteLabel} withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={chatKo.deleteLabel}
            data-testid="chat-message-delete"
            onClick={() => onDelete(message)}
          >
            <IconTrash size={15} />
          </ActionIcon>
        </Tooltip>
      )}
    </div>
  );
}

/** The quoted original above a reply's text: whose, how it began; a click shows the original. */
export function ReplyQuote({
  reply,
  onJumpTo,
  nameOf = noName,
}: {
  reply: ChatReplyPreview;
  onJumpTo: (messageId: number) => void;
  nameOf?: (id: number) => string | undefined;
}) {
  const text = reply.deleted
    ? chatKo.deleted
    : plainText(reply.content, nameOf) || (reply.hasAttachment ? chatKo.reply.fileOnly : '');
  return (
    <UnstyledButton
      className={classes.replyQuote}
      data-deleted={reply.deleted ? 'true' : 'false'}
      data-testid="chat-reply-quote"
      onClick={() => onJumpTo(reply.id)}
    >
      <Text size="xs" fw={600} truncate="end">
        {reply.senderName}
      </Text>
      <Text size="xs" lineClamp={2} className={classes.replyQuoteText}>
        {text}
      </Text>
      {/* Named by the quote it shows, then what it does (WCAG 2.5.3, issue 41). */}
      <VisuallyHidden>{chatKo.reply.jump}</VisuallyHidden>
    </UnstyledButton>
  );
}

/**
 * One message: mine on the right, others' on the left with picture and name. Memoised: a room
 * holds up to 1000 of them and most renders of the list change none.
 */
export const MessageItem = memo(function MessageItem({
  message,
  own,
  senderName,
  senderImage,
  showSender,
  canDelete,
  touch,
  highlighted = false,
  onDelete,
  onRetry,
  onReply,
  onJumpTo,
  myId,
  onReact,
  canEdit,
  onEdit,
  room,
  readCount,
  nameOf = noName,
  canPin = false,
  onPin,
}: MessageItemProps) {
  const delivery = message.pending?.delivery;
  const bot = message.bot === true;
  const bubbleClass = [
    classes.bubble,
    message.deleted ? classes.bubbleDeleted : '',
    delivery === 'sending' ? classes.bubblePending : '',
  ].join(' ');

  return (
    <Box
      className={`${classes.row} ${own ? classes.rowOwn : ''} ${highlighted ? classes.rowHighlighted : ''}`}
      data-testid="chat-message"
      data-message-id={message.id}
      data-own={own ? 'true' : 'false'}
      data-highlighted={highlighted ? 'true' : undefined}
      mt={showSender ? 'xs' : 0}
    >
      {!own &&
        (showSender ? (
          bot ? (
            <ThemeIcon
              size={32}
              radius="xl"
              variant="light"
              color="gray"
              aria-hidden
              style={{ flex: 'none' }}
              data-testid="chat-bot-avatar"
            >
              <IconRobot size={18} />
            </ThemeIcon>
          ) : (
            <MemberAvatar name={senderName} imageUrl={senderImage} size={32} />
          )
        ) : (
          <span className={classes.avatarSpacer} aria-hidden />
        ))}
      <div className={classes.body}>
        {/* A bot (an incoming webhook, sender id 0) has no profile to open: its name is text. */}
        {!own && showSender && bot && (
          <Group gap={4} wrap="nowrap" mb={2} maw="100%" data-testid="chat-bot-sender">
            <Text size="xs" fw={600} c="dimmed" truncate="end" miw={0}>
              {senderName}
            </Text>
            <Badge
              size="xs"
              variant="light"
              color="gray"
              tt="none"
              style={{ flex: 'none' }}
              data-testid="chat-bot-badge"
            >
              {chatKo.bot.badge}
            </Badge>
          </Group>
        )}
        {!own && showSender && !bot && (
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
            {message.attachments.length > 0 && !message.deleted && (
              <div className={classes.attachment}>
                <MessageAttachments
                  attachments={message.attachments}
                  files={message.pending?.files}
                  progress={
                    message.pending?.delivery === 'sending' ? message.pending.progress : undefined
                  }
                />
              </div>
            )}
            {message.replyTo && !message.deleted && (
              <ReplyQuote reply={message.replyTo} onJumpTo={onJumpTo} nameOf={nameOf} />
            )}
            {(message.deleted || message.content !== '') && (
              <div className={bubbleClass} data-testid="chat-message-content">
                {message.deleted ? (
                  chatKo.deleted
                ) : (
                  <MessageText content={message.content} nameOf={nameOf} myId={myId} />
                )}
              </div>
            )}
          </div>
          <div className={classes.metaStack}>
            {readCount !== undefined && readCount > 0 && !message.deleted && !delivery && (
              <span
                className={classes.readCount}
                aria-label={chatKo.readCount(readCount)}
                data-testid="chat-read-count"
              >
                {readCount}
              </span>
            )}
            {message.editedAt && !message.deleted && !delivery && (
              <EditedMark room={room} messageId={message.id} editedAt={message.editedAt} />
            )}
            <Tooltip label={formatMessageDateTime(message.sentAt)} withArrow openDelay={500}>
              <span className={classes.meta}>
                {delivery === 'sending'
                  ? chatKo.sending
                  : delivery === 'failed'
                    ? ''
                    : formatMessageTime(message.sentAt)}
              </span>
            </Tooltip>
          </div>
          {!message.deleted && !delivery && (
            <div className={classes.actions} data-testid="chat-message-actions">
              <MessageActions
                message={message}
                touch={touch}
                canDelete={canDelete}
                onDelete={onDelete}
                onReply={onReply}
                onReact={onReact}
                canEdit={canEdit}
                onEdit={onEdit}
                canPin={canPin}
                onPin={onPin}
              />
            </div>
          )}
        </div>
        {!message.deleted && (
          <ReactionBar
            reactions={message.reactions}
            myId={myId}
            onToggle={(emoji) => onReact(message, emoji)}
          />
        )}
        {delivery === 'failed' && (
          <Group gap={6} wrap="wrap" justify="flex-end" mt={4} data-testid="chat-message-failed">
            <Text size="xs" c="red" role="alert" style={{ overflowWrap: 'anywhere' }}>
              {message.pending?.refusal ?? ChatMessages.sendFailed}
            </Text>
            {!message.pending?.refusal && (
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={12} />}
                data-testid="chat-message-retry"
                onClick={() => onRetry(message.id)}
              >
                {chatKo.retrySend}
              </Button>
            )}
          </Group>
        )}
      </div>
    </Box>
  );
});
