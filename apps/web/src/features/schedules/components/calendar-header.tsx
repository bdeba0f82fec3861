import { ActionIcon, Box, Button, Group, SegmentedControl, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import type { CalendarMonth } from '../lib/month-grid';

export type CalendarView = 'month' | 'list';

interface CalendarHeaderProps {
  month: CalendarMonth;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onAdd: () => void;
}

/**
 * '2026년 12월' between the previous and next buttons and '오늘' (month view only), the month
 * or list choice, and an add button.
 */
export function CalendarHeader({
  month,
  view,
  onViewChange,
  onPrevious,
  onNext,
  onToday,
  onAdd,
}: CalendarHeaderProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      {view === 'month' ? (
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
      ) : (
        <Title order={2} fz="h4" data-testid="calendar-title">
          {ko.calendar.listLabel}
        </Title>
      )}
      <Group gap={6} wrap="nowrap" ml="auto">
        <SegmentedControl
          size="sm"
          value={view}
          onChange={(value) => onViewChange(value === 'list' ? 'list' : 'month')}
          data={[
            { value: 'month', label: ko.calendar.views.month },
            { value: 'list', label: ko.calendar.views.list },
          ]}
          aria-label={ko.calendar.viewLabel}
          data-testid="calendar-view"
        />
        <Button
          onClick={onAdd}
          aria-label={ko.calendar.add}
          data-testid="calendar-add"
          h={34}
          px={{ base: 8, xs: 'md' }}
        >
          <IconPlus size={16} aria-hidden />
          {/* On a 360 px screen the plus alone keeps the header short. */}
          <Box component="span" ml={6} visibleFrom="xs">
            {ko.calendar.add}
          </Box>
        </Button>
      </Group>
    </Group>
  );
}
