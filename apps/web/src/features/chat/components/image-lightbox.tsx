import { ActionIcon, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import type { ChatAttachment } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import classes from './chat.module.css';
import { ChatImage, useDownload } from './chat-image';

const t = chatKo.lightbox;

export interface LightboxImage {
  attachment: ChatAttachment;
  /** The picked file while its message is being sent. */
  file?: File | undefined;
}

/**
 * A message's images, one at a time, large: previous and next (buttons, or ← and →) among that
 * message's images, Esc or the close button ends it. The image's alt text is its file name.
 */
export function ImageLightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const current = images[index];
  const download = useDownload(current?.attachment ?? emptyAttachment);
  const many = images.length > 1;
  const go = (step: number) => onIndexChange((index + step + images.length) % images.length);
  // ← and → step wherever the focus is in the dialog (its close button at first).
  useWindowEvent('keydown', (event) => {
    if (!many || event.defaultPrevented) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
  });
  if (!current) return null;
  return (
    <Modal
      opened
      onClose={onClose}
      size="auto"
      centered
      title={
        <Text fw={600} size="sm" truncate="end" maw="70vw">
          {current.attachment.fileName}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t.close }}
      data-testid="chat-lightbox"
    >
      <div className={classes.lightbox}>
        <ChatImage
          key={`${current.attachment.id}-${index}`}
          attachment={current.attachment}
          file={current.file}
          className={classes.lightboxImage}
          testId="chat-lightbox-image"
        />
        <Group justify="space-between" wrap="nowrap" mt="xs" gap="xs">
          <ActionIcon
            variant="default"
            size={36}
            aria-label={t.previous}
            onClick={() => go(-1)}
            disabled={!many}
            data-testid="chat-lightbox-previous"
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="chat-lightbox-position">
            {t.position(index + 1, images.length)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {current.attachment.url !== '' && (
              <Tooltip label={chatKo.attachment.download(current.attachment.fileName)} withArrow>
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={chatKo.attachment.download(current.attachment.fileName)}
                  onClick={download}
                >
                  <IconDownload size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t.next}
              onClick={() => go(1)}
              disabled={!many}
              data-testid="chat-lightbox-next"
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        </Group>
      </div>
    </Modal>
  );
}

const emptyAttachment: ChatAttachment = { id: 0, type: 'image', url: '', fileName: '', size: 0 };
