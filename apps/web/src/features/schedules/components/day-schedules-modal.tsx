import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Schedule } from '@teamup/contracts/schedules';
import { calendarKo } from '../../../i18n/ko/calendar';
import { weekdayColorOf } from '../../../lib/dates';
import { formatDay, formatScheduleOnDay } from '../lib/schedule-time';
import { scheduleKey } from '../lib/week-layout';
import { ScheduleTypeSwatch } from './schedule-type-badge';

interface DaySchedulesModalProps {
  /** The day shown (YYYY-MM-DD); null when closed. */
  day: string | null;
  /** Every schedule covering the day, in start order. */
  schedules: Schedule[];
  onClose: () => void;
  onOpenSchedule: (schedule: Schedule) => void;
  onCreate: (day: string) => void;
  stackId: string;
}

/**
 * All events of one day (opened from its '+N', or from a tap on the day on a phone), each opening
 * its detail, and an add button.
 */
export function DaySchedulesModal({
  day,
  schedules,
  onClose,
  onOpenSchedule,
  onCreate,
  stackId,
}: DaySchedulesModalProps) {
  return (
    <Modal
      stackId={stackId}
      opened={day !== null}
      onClose={onClose}
      title={day ? formatDay(day) : undefined}
      centered
      size="md"
      // A Saturday or Sunday heading in the grid's weekend colour.
      styles={{ title: { color: day ? weekdayColorOf(day) : undefined } }}
      attributes={{ content: { 'data-testid': 'calendar-day-modal' } }}
    >
      {day && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {schedules.length > 0 ? calendarKo.dayCount(schedules.length) : calendarKo.dayEmpty}
          </Text>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {schedules.map((schedule) => (
              <li key={scheduleKey(schedule)}>
                <UnstyledButton
                  w="100%"
                  p="xs"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    border: '1px solid var(--mantine-color-gray-3)',
                  }}
                  onClick={() => onOpenSchedule(schedule)}
                  data-testid="calendar-event"
                  data-schedule-id={schedule.id}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <span style={{ paddingTop: 5 }}>
                      <ScheduleTypeSwatch type={schedule.type} />
                    </span>
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {schedule.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {calendarKo.types[schedule.type]} · {formatScheduleOnDay(schedule, day)}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => onCreate(day)}
              data-testid="calendar-day-add"
            >
              {calendarKo.addOnDay}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
