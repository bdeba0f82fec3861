import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { commentPager } from './comment-paging';

export interface CommentPagerTexts {
  pagerLabel: string;
  previous: string;
  next: string;
  page: (page: number) => string;
}

interface CommentPagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
  texts: CommentPagerTexts;
  testId: string;
}

/** Previous, at most three page numbers around the current one, next. */
export function CommentPager({
  page,
  totalPages,
  onChange,
  disabled,
  texts,
  testId,
}: CommentPagerProps) {
  const { pages, hasPrevious, hasNext } = commentPager(page, totalPages);
  return (
    <Group
      component="nav"
      gap={4}
      justify="center"
      aria-label={texts.pagerLabel}
      data-testid={testId}
    >
      <ActionIcon
        variant="subtle"
        aria-label={texts.previous}
        disabled={disabled || !hasPrevious}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      {pages.map((index) => (
        <Button
          key={index}
          size="compact-sm"
          miw={32}
          px={6}
          variant={index === page ? 'filled' : 'subtle'}
          aria-current={index === page ? 'page' : undefined}
          aria-label={texts.page(index + 1)}
          disabled={disabled}
          onClick={() => onChange(index)}
        >
          {index + 1}
        </Button>
      ))}
      <ActionIcon
        variant="subtle"
        aria-label={texts.next}
        disabled={disabled || !hasNext}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
