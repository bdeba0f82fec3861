import { ActionIcon, Box, Button, Group, SegmentedControl, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { calendarKo } from '../../../i18n/ko/calendar';
import type { CalendarMonth } from '../lib/month-grid';

export type CalendarView = 'month' | 'list';

interface CalendarHeaderProps {
  month: CalendarMonth;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  /** Absent for a reader who cannot add events (a class's staff, issue 45). */
  onAdd?: (() => void) | undefined;
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
            aria-label={calendarKo.previousMonth}
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
            {calendarKo.monthTitle(month.year, month.month + 1)}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={onNext}
            aria-label={calendarKo.nextMonth}
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
            {calendarKo.today}
          </Button>
        </Group>
      ) : (
        <Title order={2} fz="h4" data-testid="calendar-title">
          {calendarKo.listLabel}
        </Title>
      )}
      <Group gap={6} wrap="nowrap" ml="auto">
        <SegmentedControl
          size="sm"
          value={view}
          onChange={(value) => onViewChange(value === 'list' ? 'list' : 'month')}
          data={[
            { value: 'month', label: calendarKo.views.month },
            { value: 'list', label: calendarKo.views.list },
          ]}
          aria-label={calendarKo.viewLabel}
          data-testid="calendar-view"
        />
        {onAdd && (
          <Button
            onClick={onAdd}
            aria-label={calendarKo.add}
            data-testid="calendar-add"
            h={34}
            px={{ base: 8, xs: 'md' }}
          >
            <IconPlus size={16} aria-hidden />
            {/* On a 360 px screen the plus alone keeps the header short. */}
            <Box component="span" ml={6} visibleFrom="xs">
              {calendarKo.add}
            </Box>
          </Button>
        )}
      </Group>
    </Group>
  );
}
