import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconMessageCircle, IconPaperclip } from '@tabler/icons-react';
import type { PostSummary } from '@teamup/contracts/board';
import { boardKo } from '../../../i18n/ko/board';
import { formatDateTime } from '../../../lib/dates';

interface PostListItemProps {
  post: PostSummary;
  onOpen: () => void;
}

/**
 * One post in the list: title, author, date, comment count and a paperclip for attachments.
 * Named by all it shows, title first (WCAG 2.5.3: a label of its own left out the rest, issue 41).
 */
export function PostListItem({ post, onOpen }: PostListItemProps) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <UnstyledButton
        onClick={onOpen}
        w="100%"
        p={{ base: 'sm', sm: 'md' }}
        data-testid="post-item"
        data-post-id={post.id}
        style={{ display: 'block' }}
      >
        <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {post.title}
        </Text>
        {post.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={1} mt={2} style={{ overflowWrap: 'anywhere' }}>
            {post.excerpt}
          </Text>
        )}
        <Group gap="xs" mt={6} wrap="wrap" style={{ rowGap: 2 }}>
          <Text size="xs" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {post.authorName}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={post.createdAt}>
            {formatDateTime(post.createdAt)}
          </Text>
          <Group
            gap={2}
            wrap="nowrap"
            aria-label={boardKo.posts.commentCount(post.commentCount)}
            data-testid="post-comment-count"
            data-count={post.commentCount}
          >
            <IconMessageCircle size={14} aria-hidden />
            <Text size="xs" c="dimmed" aria-hidden>
              {post.commentCount}
            </Text>
          </Group>
          {post.attachmentCount > 0 && (
            <Group
              gap={2}
              wrap="nowrap"
              aria-label={boardKo.posts.attachmentCount(post.attachmentCount)}
              data-testid="post-attachment-indicator"
            >
              <IconPaperclip size={14} aria-hidden />
              <Text size="xs" c="dimmed" aria-hidden>
                {post.attachmentCount}
              </Text>
            </Group>
          )}
        </Group>
      </UnstyledButton>
    </Paper>
  );
}
