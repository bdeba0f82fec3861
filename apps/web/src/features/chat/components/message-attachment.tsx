import { useState } from 'react';
import { Group, Progress, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import type { ChatAttachment } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import { ChatImage, useDownload } from './chat-image';
import classes from './chat.module.css';
import { ImageLightbox } from './image-lightbox';
import { formatFileSize } from '../../../lib/file-size';

const t = chatKo.attachment;

function FileAttachment({ attachment }: { attachment: ChatAttachment }) {
  const download = useDownload(attachment);
  return (
    <UnstyledButton
      onClick={download}
      disabled={attachment.url === ''}
      className={classes.fileChip}
      data-testid="chat-attachment-file"
    >
      <Group gap={8} wrap="nowrap">
        <IconFile size={20} aria-hidden style={{ flex: 'none' }} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {attachment.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(attachment.size)}
          </Text>
        </div>
        {attachment.url !== '' && <IconDownload size={16} aria-hidden style={{ flex: 'none' }} />}
      </Group>
      {/* Named by the name and size it shows, then what it does (WCAG 2.5.3, issue 41). */}
      <VisuallyHidden>{t.downloadAction}</VisuallyHidden>
    </UnstyledButton>
  );
}

/**
 * The files of a message, in the order sent: images as thumbnails (a click opens them large,
 * with the message's other images a step away), other files as chips that download them. While
 * sending, the picked files themselves are shown with the upload's progress under them.
 */
export function MessageAttachments({
  attachments,
  files,
  progress,
}: {
  attachments: readonly ChatAttachment[];
  /** The picked files while the message is being sent (same order as `attachments`). */
  files?: readonly File[] | undefined;
  /** Share of the files sent (0 to 1) while sending; absent once sent. */
  progress?: number | undefined;
}) {
  const [opened, setOpened] = useState<number | null>(null);
  const images = attachments.flatMap((attachment, index) =>
    attachment.type === 'image' ? [{ attachment, file: files?.[index] }] : [],
  );
  const others = attachments.filter((attachment) => attachment.type !== 'image');
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  return (
    <div className={classes.attachments} data-testid="chat-attachments">
      {images.length > 0 && (
        <div className={images.length > 1 ? classes.imageGrid : undefined}>
          {images.map(({ attachment, file }, index) => (
            <UnstyledButton
              key={`${attachment.id}-${index}`}
              onClick={() => setOpened(index)}
              aria-label={t.openImage(attachment.fileName)}
              className={classes.imageButton}
              data-testid="chat-attachment-open"
            >
              <ChatImage
                attachment={attachment}
                file={file}
                className={images.length > 1 ? classes.gridImage : classes.image}
              />
            </UnstyledButton>
          ))}
        </div>
      )}
      {others.map((attachment, index) => (
        <FileAttachment key={`${attachment.id}-${index}`} attachment={attachment} />
      ))}
      {percent !== undefined && (
        <Progress
          value={percent}
          size="sm"
          animated={percent < 100}
          aria-label={t.uploading(percent)}
          data-testid="chat-upload-progress"
          className={classes.uploadProgress}
        />
      )}
      {opened !== null && (
        <ImageLightbox
          images={images}
          index={opened}
          onIndexChange={setOpened}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}
