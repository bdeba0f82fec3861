import { useRef } from 'react';
import { Box, Center, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoOff } from '@tabler/icons-react';
import type { ChatAttachment } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import { useObjectUrlImage } from '../../../lib/use-object-url-image';
import { downloadChatAttachment, useChatImage } from '../api/chat-attachment';
import classes from './chat.module.css';

const t = chatKo.attachment;

/** Saves a sent file under its name (once at a time); a failure is told in a notification. */
export function useDownload(attachment: ChatAttachment) {
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

/**
 * A chat image: the picked file while it is being sent, else the stored one fetched with the
 * bearer token; a spinner until it is there, a notice when it cannot be read.
 */
export function ChatImage({
  attachment,
  file,
  className,
  testId = 'chat-attachment-image',
}: {
  attachment: ChatAttachment;
  file?: File | undefined;
  className?: string | undefined;
  testId?: string;
}) {
  const remote = useChatImage(attachment);
  const source = file ?? remote.data;
  const image = useObjectUrlImage(source);
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
      <Center className={classes.imageLoading} aria-label={t.imageLoading} role="status">
        <Loader size="xs" />
      </Center>
    );
  }
  return (
    <Box
      component="img"
      ref={image}
      alt={attachment.fileName}
      className={className}
      data-testid={testId}
    />
  );
}
