import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { boardKo } from '../../../i18n/ko/board';
import { formatDateTime } from '../../../lib/dates';
import { MemberAvatar } from '../../../components/member-avatar';

interface AuthorLineProps {
  name: string;
  imageUrl?: string | null;
  createdAt: string;
  updatedAt?: string;
  size?: 'xs' | 'sm';
}

/** Author, date and a '수정됨' mark (its tooltip the time of the change) when it was edited. */
export function AuthorLine({ name, imageUrl, createdAt, updatedAt, size = 'sm' }: AuthorLineProps) {
  const edited = updatedAt !== undefined && updatedAt !== createdAt;
  return (
    <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
      <MemberAvatar
        name={name}
        imageUrl={imageUrl}
        decorative
        size={size === 'sm' ? 24 : 20}
        fz={size === 'sm' ? 12 : 10}
      />
      <Text size={size} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Text size={size} c="dimmed" component="time" dateTime={createdAt}>
        {formatDateTime(createdAt)}
      </Text>
      {edited && (
        <Tooltip label={boardKo.posts.updatedAt(formatDateTime(updatedAt))} withArrow>
          <Badge size="xs" variant="light" color="gray" tabIndex={0} data-testid="edited-mark">
            {boardKo.edited}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
