import { useRef } from 'react';
import { Box, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFile, IconPhotoOff } from '@tabler/icons-react';
import type { ChatAttachment } from '@teamup/contracts/chat';
import { ko } from '../../../i18n/ko';
import { useObjectUrlImage } from '../../../lib/use-object-url-image';
import { downloadChatAttachment, useChatImage } from '../api/chat-attachment';
import classes from './chat.module.css';

const t = ko.chat.attachment;

function useDownload(attachment: ChatAttachment) {
  const busy = useRef(false);
  return () => {
    if (busy.current || attachment.url === '') return;
    busy.current = true;
    downloadChatAttachment(attachment)
      .catch(() => notifications.show({ color: 'red', message: t.downloadFailed }))
      .finally(() => {
        busy.current = false;
      });
  };
}

function ImageAttachment({ attachment, file }: { attachment: ChatAttachment; file?: File }) {
  const remote = useChatImage(attachment);
  const source = file ?? remote.data;
  const image = useObjectUrlImage(source);
  const download = useDownload(attachment);

  if (remote.isError && !file) {
    return (
      <Group gap={6} className={classes.fileChip} data-testid="chat-attachment-image-failed">
        <IconPhotoOff size={16} aria-hidden />
        <Text size="sm">{t.imageFailed}</Text>
      </Group>
    );
  }
  if (!source) {
    return (
      <Center className={classes.imageLoading}>
        <Loader size="xs" />
      </Center>
    );
  }
  return (
    <UnstyledButton
      onClick={download}
      aria-label={t.download(attachment.fileName)}
      disabled={attachment.url === ''}
      className={classes.imageButton}
    >
      <Box
        component="img"
        ref={image}
        alt={t.imageAlt(attachment.fileName)}
        className={classes.image}
        data-testid="chat-attachment-image"
      />
    </UnstyledButton>
  );
}

function FileAttachment({ attachment }: { attachment: ChatAttachment }) {
  const download = useDownload(attachment);
  return (
    <UnstyledButton
      onClick={download}
      disabled={attachment.url === ''}
      className={classes.fileChip}
      aria-label={t.download(attachment.fileName)}
      data-testid="chat-attachment-file"
    >
      <Group gap={8} wrap="nowrap">
        <IconFile size={20} aria-hidden style={{ flex: 'none' }} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {attachment.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {t.sizeKb(attachment.size)}
          </Text>
        </div>
        {attachment.url !== '' && <IconDownload size={16} aria-hidden style={{ flex: 'none' }} />}
      </Group>
    </UnstyledButton>
  );
}

/**
 * The file of a message: an image inline (click saves the original), any other file as a chip
 * that downloads it. While sending, the picked file itself is shown.
 */
export function MessageAttachment({
  attachment,
  file,
}: {
  attachment: ChatAttachment;
  file?: File | undefined;
}) {
  return attachment.type === 'image' ? (
    <ImageAttachment attachment={attachment} {...(file ? { file } : {})} />
  ) : (
    <FileAttachment attachment={attachment} />
  );
}
