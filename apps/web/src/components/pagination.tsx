import { Box, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { ko } from '../i18n/ko';
import { pageRange, pageWindow } from './pagination-math';

interface PaginationProps {
  /** 0-based current page, as the API counts pages. */
  page: number;
  pageSize: number;
  totalElements: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/** 'total N, items a-b', previous and next, and up to five page buttons (spec 01 section 2). */
export function Pagination({ page, pageSize, totalElements, onChange, disabled }: PaginationProps) {
  const { from, to, totalPages } = pageRange(page, pageSize, totalElements);
  const current = Math.min(Math.max(0, page), totalPages - 1);
  const pages = pageWindow(current, totalPages);

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {ko.pagination.summary(totalElements, from, to)}
      </Text>
      <Group component="nav" gap={4} aria-label={ko.pagination.label} wrap="nowrap">
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconChevronLeft size={14} />}
          disabled={disabled || current === 0}
          onClick={() => onChange(current - 1)}
          aria-label={ko.pagination.previous}
          px={6}
        >
          {/* On a 360 px screen the arrows alone leave room for five page buttons. */}
          <Box component="span" visibleFrom="xs">
            {ko.pagination.previous}
          </Box>
        </Button>
        {pages.map((index) => (
          <Button
            key={index}
            size="compact-sm"
            variant={index === current ? 'filled' : 'subtle'}
            aria-current={index === current ? 'page' : undefined}
            aria-label={ko.pagination.page(index + 1)}
            disabled={disabled}
            onClick={() => onChange(index)}
            miw={32}
            px={6}
          >
            {index + 1}
          </Button>
        ))}
        <Button
          size="compact-sm"
          variant="subtle"
          rightSection={<IconChevronRight size={14} />}
          disabled={disabled || current >= totalPages - 1}
          onClick={() => onChange(current + 1)}
          aria-label={ko.pagination.next}
          px={6}
        >
          <Box component="span" visibleFrom="xs">
            {ko.pagination.next}
          </Box>
        </Button>
      </Group>
    </Group>
  );
}
