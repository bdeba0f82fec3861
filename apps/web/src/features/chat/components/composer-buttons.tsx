import { useRef } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { chatKo } from '../../../i18n/ko/chat';

const t = chatKo.attachment;

/** The paperclip beside the message input and the hidden file picker it opens (several files). */
export function AttachFilesButton({
  disabled,
  onFiles,
}: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
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
        multiple
        hidden
        data-testid="chat-file-input"
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          // The same file can be picked again after removing it.
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}

/** Sends the message, or saves the edit. */
export function SendButton({ disabled }: { disabled: boolean }) {
  return (
    <Tooltip label={chatKo.send} withArrow>
      <ActionIcon
        type="submit"
        size={36}
        radius="md"
        aria-label={chatKo.send}
        disabled={disabled}
        data-testid="chat-send"
      >
        <IconSend size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
