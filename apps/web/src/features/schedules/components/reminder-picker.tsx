import { Chip, Group, Input } from '@mantine/core';
import { scheduleReminderMinutes } from '@teamup/contracts/schedules';
import { calendarKo } from '../../../i18n/ko/calendar';

interface ReminderPickerProps {
  /** Minutes before the start, ascending. */
  value: readonly number[];
  onChange: (minutes: number[]) => void;
}

/**
 * The event's reminders (issue 44): one chip per offered offset, several may be on. Chips are
 * checkboxes, so Tab and Space work as for any other field.
 */
export function ReminderPicker({ value, onChange }: ReminderPickerProps) {
  const texts = calendarKo.form;
  return (
    <Input.Wrapper label={texts.reminders} description={texts.remindersHint}>
      <Chip.Group
        multiple
        value={value.map(String)}
        onChange={(chosen) => onChange(chosen.map(Number).sort((a, b) => a - b))}
      >
        <Group gap="xs" mt={6} data-testid="schedule-reminders">
          {scheduleReminderMinutes.map((minutes) => (
            <Chip key={minutes} value={String(minutes)} size="sm" variant="outline">
              {texts.reminderOptions[minutes]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
