import { CloseButton, Group, Text } from '@mantine/core';
import { IconFile, IconPhoto } from '@tabler/icons-react';
import { chatKo } from '../../../i18n/ko/chat';
import classes from './chat.module.css';
import { formatFileSize } from '../../../lib/file-size';

const t = chatKo.attachment;

/** The files picked for the message being written: a chip each, with its name, size and ✕. */
export function PickedFileChips({
  files,
  onRemove,
}: {
  files: readonly File[];
  onRemove: (index: number) => void;
}) {
  return (
    <ul
      className={classes.pickedFiles}
      aria-label={t.picked(files.length)}
      data-testid="chat-attachment-preview"
    >
      {files.map((file, index) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`}>
          <Group gap={4} wrap="nowrap" className={classes.pickedFile} data-testid="chat-file-chip">
            {file.type.startsWith('image/') ? (
              <IconPhoto size={16} aria-hidden style={{ flex: 'none' }} />
            ) : (
              <IconFile size={16} aria-hidden style={{ flex: 'none' }} />
            )}
            <Text size="xs" truncate="end" maw="10rem">
              {file.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {formatFileSize(file.size)}
            </Text>
            <CloseButton
              size="sm"
              aria-label={`${t.remove}: ${file.name}`}
              onClick={() => onRemove(index)}
              data-testid="chat-attachment-remove"
            />
          </Group>
        </li>
      ))}
    </ul>
  );
}
