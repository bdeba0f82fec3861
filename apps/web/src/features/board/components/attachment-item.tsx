import { ActionIcon, Box, Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFile, IconTrash } from '@tabler/icons-react';
import type { Attachment } from '@teamup/contracts/board';
import { boardKo } from '../../../i18n/ko/board';
import { useDownloadAttachment } from '../api/download-attachment';
import { showsPreview } from '../lib/attachments';
import { formatFileSize } from '../../../lib/file-size';
import { AttachmentThumbnail } from './attachment-thumbnail';

interface AttachmentItemProps {
  attachment: Attachment;
  /** Deleting is offered to the post author only (spec 02 section 6). */
  canDelete: boolean;
  onDelete: () => void;
}

/** One attachment: a thumbnail for images, else a file icon; name, size, download, delete. */
export function AttachmentItem({ attachment, canDelete, onDelete }: AttachmentItemProps) {
  const download = useDownloadAttachment();
  const name = attachment.originalFileName;

  const handleDownload = () => {
    download.mutate(attachment, {
      onError: () =>
        notifications.show({ color: 'red', message: boardKo.attachments.downloadFailed }),
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-testid="attachment-item"
      data-attachment-id={attachment.id}
    >
      <Group gap="sm" wrap="nowrap">
        {showsPreview(attachment) ? (
          <AttachmentThumbnail attachment={attachment} />
        ) : (
          <ThemeIcon size={40} variant="light" radius="sm" aria-hidden style={{ flex: 'none' }}>
            <IconFile size={20} />
          </ThemeIcon>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end" title={name}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(attachment.size)}
          </Text>
        </Box>
        <Tooltip label={boardKo.attachments.download} withArrow>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={handleDownload}
            loading={download.isPending}
            aria-label={boardKo.attachments.downloadLabel(name)}
            data-testid="attachment-download"
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
        {canDelete && (
          <Tooltip label={boardKo.delete} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onDelete}
              aria-label={boardKo.attachments.deleteLabel(name)}
              data-testid="attachment-delete"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
