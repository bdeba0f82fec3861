import { Box, Center, Loader, ThemeIcon, Tooltip } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { Attachment } from '@teamup/contracts/board';
import { boardKo } from '../../../i18n/ko/board';
import { useObjectUrlImage } from '../../../lib/use-object-url-image';
import { useAttachmentPreview } from '../api/attachment-preview';

const SIZE = 64;

/**
 * The image of an attachment, fetched with the bearer token and shown from an object URL that
 * is revoked when the thumbnail goes away.
 */
export function AttachmentThumbnail({ attachment }: { attachment: Attachment }) {
  const preview = useAttachmentPreview(attachment);
  const blob = preview.data;
  const image = useObjectUrlImage(blob);

  if (preview.isError) {
    return (
      <Tooltip label={boardKo.attachments.previewFailed} withArrow>
        <ThemeIcon size={SIZE} variant="light" color="gray" radius="sm" aria-hidden>
          <IconPhotoOff size={24} />
        </ThemeIcon>
      </Tooltip>
    );
  }
  if (!blob) {
    return (
      <Center w={SIZE} h={SIZE} bg="gray.0" style={{ borderRadius: 4, flex: 'none' }}>
        <Loader size="xs" />
      </Center>
    );
  }
  return (
    <Box
      component="img"
      ref={image}
      alt={boardKo.attachments.previewAlt(attachment.originalFileName)}
      data-testid="attachment-preview"
      w={SIZE}
      h={SIZE}
      style={{ objectFit: 'cover', borderRadius: 4, flex: 'none', display: 'block' }}
    />
  );
}
