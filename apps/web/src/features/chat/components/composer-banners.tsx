import { CloseButton, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import { chatKo } from '../../../i18n/ko/chat';
import classes from './chat.module.css';

/** Above the input while one of my messages is edited. */
export function EditBanner({ onCancel }: { onCancel?: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap" className={classes.replyPreview} data-testid="chat-edit-banner">
      <IconPencil size={16} aria-hidden style={{ flex: 'none' }} />
      <Text size="xs" fw={600} style={{ flex: 1, minWidth: 0 }} truncate="end">
        {chatKo.edit.editing}
      </Text>
      <CloseButton
        size="sm"
        aria-label={chatKo.edit.cancel}
        onClick={onCancel}
        data-testid="chat-edit-cancel"
      />
    </Group>
  );
}

export interface ReplyTarget {
  senderName: string;
  content: string;
  hasFile: boolean;
}

/** The message being answered, quoted above the input until sent or cancelled. */
export function ReplyPreview({
  replyingTo,
  onCancel,
}: {
  replyingTo: ReplyTarget;
  onCancel?: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap" className={classes.replyPreview} data-testid="chat-reply-preview">
      <IconArrowBackUp size={16} aria-hidden style={{ flex: 'none' }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={600} truncate="end">
          {chatKo.reply.composing(replyingTo.senderName)}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {replyingTo.content || (replyingTo.hasFile ? chatKo.reply.fileOnly : '')}
        </Text>
      </div>
      <CloseButton
        size="sm"
        aria-label={chatKo.reply.cancel}
        onClick={onCancel}
        data-testid="chat-reply-cancel"
      />
    </Group>
  );
}
