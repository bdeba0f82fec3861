import { CloseButton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPinFilled } from '@tabler/icons-react';
import type { ChatMessage } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import { plainText } from '../lib/message-text';
import classes from './chat.module.css';

export interface PinnedNoticeProps {
  message: ChatMessage;
  nameOf: (id: number) => string | undefined;
  /** The room owner or an admin: the notice can be taken down here. */
  canUnpin: boolean;
  onUnpin: () => void;
  /** Shows the pinned message in the list (when it is loaded). */
  onJumpTo: (messageId: number) => void;
}

/** The room's notice (공지) at the top of the room: whose, its text; a click shows it. */
export function PinnedNotice({ message, nameOf, canUnpin, onUnpin, onJumpTo }: PinnedNoticeProps) {
  const text = plainText(message.content, nameOf) || (message.attachments[0]?.fileName ?? '');
  return (
    <div className={classes.notice} data-testid="chat-notice">
      <IconPinFilled size={16} aria-hidden style={{ flex: 'none' }} />
      <UnstyledButton className={classes.noticeBody} onClick={() => onJumpTo(message.id)}>
        {/* Named by what it shows, then what it does: a label of its own left out the text
            (WCAG 2.5.3, issue 41). */}
        <Text size="xs" fw={700}>
          {chatKo.notice.label} · {nameOf(message.senderId) ?? message.senderName}
        </Text>
        <Text size="sm" lineClamp={2} data-testid="chat-notice-text">
          {text}
        </Text>
        <VisuallyHidden>{chatKo.notice.jump}</VisuallyHidden>
      </UnstyledButton>
      {canUnpin && (
        <CloseButton
          size="sm"
          aria-label={chatKo.notice.unpin}
          data-testid="chat-notice-unpin"
          onClick={onUnpin}
        />
      )}
    </div>
  );
}
