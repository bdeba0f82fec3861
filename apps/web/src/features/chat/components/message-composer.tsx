import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import { ko } from '../../../i18n/ko';
import classes from './chat.module.css';

export interface MessageComposerProps {
  onSend: (text: string) => void;
  disabled?: boolean;
}

/**
 * The message input: Enter sends, Shift+Enter starts a new line, and Enter that ends a Korean
 * syllable being composed does neither. The input is cleared before the message goes out.
 * No attachment button: the server takes no chat attachments yet.
 */
export function MessageComposer({ onSend, disabled = false }: MessageComposerProps) {
  const [text, setText] = useState('');
  const empty = text.trim().length === 0;

  const submit = () => {
    if (empty || disabled) return;
    const value = text;
    setText('');
    onSend(value);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Textarea
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          placeholder={ko.chat.inputPlaceholder}
          aria-label={ko.chat.inputLabel}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={Limits.chatMessageMax}
          disabled={disabled}
          data-testid="chat-input"
          style={{ flex: 1, minWidth: 0 }}
        />
        <Tooltip label={ko.chat.send} withArrow>
          <ActionIcon
            type="submit"
            size={36}
            radius="md"
            aria-label={ko.chat.send}
            disabled={empty || disabled}
            data-testid="chat-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </form>
  );
}
