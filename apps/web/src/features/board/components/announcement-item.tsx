import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Announcement } from '@teamup/contracts/board';
import { boardKo } from '../../../i18n/ko/board';
import { AuthorLine } from './author-line';

interface AnnouncementItemProps {
  announcement: Announcement;
  /** Edit and delete are offered to the author only (spec 02 section 6). */
  isAuthor: boolean;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}

/** One announcement: title, the content as written, author and date. */
export function AnnouncementItem({
  announcement,
  isAuthor,
  onEdit,
  onDelete,
  deleting,
}: AnnouncementItemProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      data-testid="announcement-item"
      data-announcement-id={announcement.id}
    >
      <Stack gap="xs">
        <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
          {announcement.title}
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {announcement.content}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <AuthorLine
            name={announcement.authorName}
            imageUrl={announcement.authorProfileImageUrl}
            createdAt={announcement.createdAt}
            updatedAt={announcement.updatedAt}
            size="xs"
          />
          {isAuthor && (
            <Group gap={4} wrap="wrap">
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPencil size={14} />}
                onClick={onEdit}
                aria-label={boardKo.announcements.editLabel(announcement.title)}
                data-testid="announcement-edit"
              >
                {boardKo.edit}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={onDelete}
                loading={deleting}
                aria-label={boardKo.announcements.deleteLabel(announcement.title)}
                data-testid="announcement-delete"
              >
                {boardKo.delete}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
