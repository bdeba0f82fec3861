import {
  Chip,
  Group,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { RecurrenceLimits, weekdayCodes } from '@teamup/contracts/recurrence';
import { DateField } from '../../../components/date-fields';
import { calendarKo } from '../../../i18n/ko/calendar';
import {
  repeatEnds,
  repeatKinds,
  type RecurrenceFormValues,
  type RepeatKind,
} from '../lib/recurrence-form';

const t = calendarKo.recurrence;

interface RecurrenceFieldsProps {
  value: RecurrenceFormValues;
  onChange: (value: RecurrenceFormValues) => void;
  /** The series' first day (YYYY-MM-DD): the earliest day it may end on. */
  startDay: string;
  disabled?: boolean;
}

const kindOptions = repeatKinds.map((kind) => ({ value: kind, label: t.kinds[kind] }));
const endOptions = repeatEnds.map((end) => ({ value: end, label: t.ends[end] }));

/**
 * "반복" of the schedule form: 안 함 / 매일 / 매주 (요일) / N주마다 (요일) / 매월, and how it
 * ends (계속, 날짜까지, N회). Numbers out of range are left to the contract's messages.
 */
export function RecurrenceFields({ value, onChange, startDay, disabled }: RecurrenceFieldsProps) {
  const set = <K extends keyof RecurrenceFormValues>(key: K, next: RecurrenceFormValues[K]) =>
    onChange({ ...value, [key]: next });
  const weekly = value.kind === 'WEEKLY' || value.kind === 'EVERY_N_WEEKS';

  return (
    <Stack gap="xs" data-testid="recurrence-fields">
      <NativeSelect
        label={t.repeat}
        data={kindOptions}
        size="md"
        disabled={disabled}
        data-testid="recurrence-kind"
        value={value.kind}
        onChange={(event) => set('kind', event.currentTarget.value as RepeatKind)}
      />
      {value.kind === 'EVERY_N_WEEKS' && (
        <NumberInput
          label={t.weeks}
          size="md"
          min={2}
          max={RecurrenceLimits.intervalMax}
          suffix={` ${t.weeksSuffix}`}
          allowDecimal={false}
          disabled={disabled}
          data-testid="recurrence-weeks"
          value={value.weeks}
          onChange={(next) => set('weeks', typeof next === 'number' ? next : 0)}
        />
      )}
      {weekly && (
        <Stack gap={4}>
          <Text size="md" fw={600} id="recurrence-weekdays-label">
            {t.weekdays}
          </Text>
          <Chip.Group multiple value={value.weekdays} onChange={(next) => set('weekdays', next)}>
            <Group
              gap={6}
              role="group"
              aria-labelledby="recurrence-weekdays-label"
              data-testid="recurrence-weekdays"
            >
              {weekdayCodes.map((code) => (
                <Chip
                  key={code}
                  value={code}
                  size="sm"
                  disabled={disabled}
                  aria-label={t.weekdayLabel(t.weekdayNames[code])}
                  data-testid={`recurrence-weekday-${code}`}
                >
                  {t.weekdayNames[code]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}
      {value.kind !== 'NONE' && (
        <Stack gap={6}>
          <Text size="md" fw={600} id="recurrence-end-label">
            {t.end}
          </Text>
          <SegmentedControl
            data={endOptions}
            value={value.end}
            disabled={disabled}
            aria-labelledby="recurrence-end-label"
            data-testid="recurrence-end"
            onChange={(next) => set('end', next)}
          />
          {value.end === 'UNTIL' && (
            <DateField
              label={t.until}
              required
              testId="recurrence-until"
              minDate={startDay || undefined}
              value={value.until}
              onChange={(day) => set('until', day)}
            />
          )}
          {value.end === 'COUNT' && (
            <NumberInput
              label={t.count}
              size="md"
              min={1}
              max={RecurrenceLimits.countMax}
              suffix={t.countSuffix}
              allowDecimal={false}
              disabled={disabled}
              data-testid="recurrence-count"
              value={value.count}
              onChange={(next) => set('count', typeof next === 'number' ? next : 0)}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
