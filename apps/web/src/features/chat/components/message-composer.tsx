import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ActionIcon, CloseButton, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconFile, IconPaperclip, IconPhoto, IconSend } from '@tabler/icons-react';
import { FileMessages, Limits } from '@teamup/contracts/limits';
import { ko } from '../../../i18n/ko';
import classes from './chat.module.css';

const t = ko.chat.attachment;

export interface MessageComposerProps {
  onSend: (text: string, file?: File) => void;
  disabled?: boolean;
}

/**
 * The message input: Enter sends, Shift+Enter starts a new line, and Enter that ends a Korean
 * syllable being composed does neither. A file can be picked (or pasted) and is previewed with
 * its name and size in KB until sent or removed. Input and file are cleared before sending.
 */
export function MessageComposer({ onSend, disabled = false }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const empty = text.trim().length === 0 && file === null;

  const attach = (picked: File | undefined) => {
    if (!picked) return;
    if (picked.size > Limits.attachmentMaxBytes) {
      setFileError(FileMessages.fileTooLarge);
      return;
    }
    setFileError(null);
    setFile(picked);
    input.current?.focus();
  };

  const submit = () => {
    if (empty || disabled) return;
    const value = text;
    const sending = file ?? undefined;
    setText('');
    setFile(null);
    onSend(value, sending);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.files[0];
    if (!pasted) return;
    event.preventDefault();
    attach(pasted);
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {file && (
        <Group
          gap="xs"
          wrap="nowrap"
          className={classes.attachmentPreview}
          data-testid="chat-attachment-preview"
        >
          {file.type.startsWith('image/') ? (
            <IconPhoto size={18} aria-hidden style={{ flex: 'none' }} />
          ) : (
            <IconFile size={18} aria-hidden style={{ flex: 'none' }} />
          )}
          <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {t.sizeKb(file.size)}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t.remove}
            onClick={() => setFile(null)}
            data-testid="chat-attachment-remove"
          />
        </Group>
      )}
      {fileError && (
        <Text size="xs" c="red" role="alert" mb={4}>
          {fileError}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Tooltip label={t.attach} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            radius="md"
            aria-label={t.attach}
            disabled={disabled}
            onClick={() => picker.current?.click()}
            data-testid="chat-attach"
          >
            <IconPaperclip size={18} />
          </ActionIcon>
        </Tooltip>
        <input
          ref={picker}
          type="file"
          hidden
          data-testid="chat-file-input"
          onChange={(event) => {
            attach(event.currentTarget.files?.[0]);
            // The same file can be picked again after removing it.
            event.currentTarget.value = '';
          }}
        />
        <Textarea
          ref={input}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
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
