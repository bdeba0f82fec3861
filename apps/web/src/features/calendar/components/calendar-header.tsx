import { ActionIcon, Box, Button, Group, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import type { CalendarMonth } from '../lib/month-grid';

interface CalendarHeaderProps {
  month: CalendarMonth;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onAdd: () => void;
}

/** '2026년 12월' between the previous and next buttons, '오늘', and an add button. */
export function CalendarHeader({ month, onPrevious, onNext, onToday, onAdd }: CalendarHeaderProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={onPrevious}
          aria-label={ko.calendar.previousMonth}
          data-testid="calendar-prev"
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Title
          order={2}
          fz="h4"
          miw={112}
          ta="center"
          aria-live="polite"
          data-testid="calendar-title"
          style={{ whiteSpace: 'nowrap' }}
        >
          {ko.calendar.monthTitle(month.year, month.month + 1)}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={onNext}
          aria-label={ko.calendar.nextMonth}
          data-testid="calendar-next"
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <Button
          variant="default"
          size="compact-md"
          h={34}
          onClick={onToday}
          data-testid="calendar-today"
        >
          {ko.calendar.today}
        </Button>
      </Group>
      <Button
        onClick={onAdd}
        aria-label={ko.calendar.add}
        data-testid="calendar-add"
        h={34}
        px={{ base: 8, xs: 'md' }}
      >
        <IconPlus size={16} aria-hidden />
        {/* On a 360 px screen the plus alone keeps the header on one line. */}
        <Box component="span" ml={6} visibleFrom="xs">
          {ko.calendar.add}
        </Box>
      </Button>
    </Group>
  );
}
