import { useContext, useEffect, useRef } from 'react';
import { Group, ModalStackContext, Stack, type MantineSize } from '@mantine/core';
import {
  DatePickerInput,
  DateTimePicker,
  TimePicker,
  type DatePickerInputProps,
  type DateTimePickerProps,
} from '@mantine/dates';
// The pickers' styles come with them, not on the first load (after Mantine's core styles).
import '@mantine/dates/styles.css';
import { useId, useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import '../lib/dates';
import { ko } from '../i18n/ko';
import classes from './date-fields.module.css';

const t = ko.dates.picker;

/**
 * What every picker of the app shares: the Korean locale, Korean month and day labels, Sunday
 * first (as the team calendar), and on a phone the calendar in a modal rather than a popover
 * that would not fit beside the input.
 */
function usePickerSettings(label: string, pickerSide: PickerSide = 'left') {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const stackId = `date-picker-${useId()}`;
  useLeaveStackWhenNoLongerModal(stackId, phone);
  return {
    locale: 'ko',
    firstDayOfWeek: 0 as const,
    monthLabelFormat: t.monthLabel,
    yearLabelFormat: t.yearLabel,
    monthsListFormat: t.monthsList,
    weekdayFormat: 'dd',
    getDayAriaLabel: (date: string) => dayjs(date).format(t.dayAria),
    // Sunday and Saturday in the calendar grid's colours (date-fields.module.css).
    getDayProps: (date: string) => ({
      className: classes.day,
      'data-weekday': dayjs(date).day(),
    }),
    ariaLabels: {
      previousMonth: t.previousMonth,
      nextMonth: t.nextMonth,
      previousYear: t.previousYear,
      nextYear: t.nextYear,
      previousDecade: t.previousDecade,
      nextDecade: t.nextDecade,
      monthLevelControl: t.monthLevelControl,
      yearLevelControl: t.yearLevelControl,
    },
    dropdownType: phone ? ('modal' as const) : ('popover' as const),
    // Inside a Modal.Stack (a form in a dialog) the phone's picker joins the stack: Escape then
    // closes the picker alone, not the form under it as well (outside a stack this is unused).
    // The phone's picker covers its form: it is titled with the field it fills in.
    modalProps: { centered: true, title: label, stackId },
    popoverProps: {
      withinPortal: true,
      zIndex: 400,
      position: 'bottom-start' as const,
      // Where the calendar does not fit below the field it goes beside it, never above: there it
      // covered the dialog's title and the labels of the fields being filled in. Moved up or
      // down to fit the screen (shift) rather than cut off.
      middlewares: {
        flip: { fallbackPlacements: [`${pickerSide}-start` as const], crossAxis: false },
        shift: true,
      },
    },
  };
}

/**
 * Mantine's Modal leaves its Modal.Stack when it closes, not when it goes away: a phone's picker
 * that was open when the window grew past the phone width (a tablet turned, a window widened)
 * became a popover and left its id on top of the stack, and the form under it stayed hidden
 * behind no overlay for good. Whenever this picker stops being a modal it leaves the stack.
 */
function useLeaveStackWhenNoLongerModal(stackId: string, isModal: boolean) {
  const stack = useContext(ModalStackContext);
  // The stack's functions are new on every render of the stack: the latest is kept aside, so
  // the effect below ends only when the picker stops being a modal, not when the stack changes.
  const removeModal = useRef<((id: string) => void) | undefined>(undefined);
  useEffect(() => {
    removeModal.current = stack?.removeModal;
  });
  useEffect(() => {
    if (!isModal) return undefined;
    return () => removeModal.current?.(stackId);
  }, [isModal, stackId]);
}

/** The side of its field a picker's calendar takes when it does not fit below. */
export type PickerSide = 'left' | 'right';

const timeFields = {
  format: '24h' as const,
  hoursInputLabel: t.hours,
  minutesInputLabel: t.minutes,
  hoursPlaceholder: t.hoursPlaceholder,
  minutesPlaceholder: t.minutesPlaceholder,
};

type CommonProps = {
  label: string;
  required?: boolean;
  error?: string | null;
  disabled?: boolean;
  testId?: string;
  /** Earliest day that may be picked (YYYY-MM-DD). */
  minDate?: string;
  /** Latest day that may be picked (YYYY-MM-DD). */
  maxDate?: string;
  /** 'md' as the app's text inputs; 'sm' beside Mantine's selects. */
  size?: MantineSize;
  /** The side where the calendar opens when it does not fit below: away from fields beside. */
  pickerSide?: PickerSide;
};

type ValueProps = {
  value: string;
  onChange: (value: string) => void;
  clearable?: boolean;
};

/** The props the day and day-and-time pickers take alike; '' stands for no value on both. */
function useFieldProps({
  value,
  onChange,
  label,
  required,
  error,
  disabled,
  testId,
  minDate,
  maxDate,
  clearable,
  size = 'md',
  pickerSide,
}: CommonProps & ValueProps) {
  return {
    ...usePickerSettings(label, pickerSide),
    label,
    required,
    error,
    disabled,
    clearable,
    clearButtonProps: { 'aria-label': t.clear },
    size,
    minDate,
    maxDate,
    value: value || null,
    onChange: (next: string | null) => onChange(next ?? ''),
    'data-testid': testId,
  };
}

/** A day and a time of day: 'YYYY-MM-DD HH:mm:ss' in local time, '' for none. */
export function DateTimeField({
  w,
  miw,
  maw,
  description,
  ...own
}: CommonProps & ValueProps & Pick<DateTimePickerProps, 'w' | 'miw' | 'maw' | 'description'>) {
  const field = useFieldProps(own);
  const testId = own.testId;
  return (
    <DateTimePicker
      {...field}
      {...{ w, miw, maw, description }}
      valueFormat={t.dateTime}
      placeholder={t.placeholderDateTime}
      defaultTimeValue="09:00"
      timePickerProps={{
        ...timeFields,
        hoursInputProps: { 'data-testid': testId && `${testId}-hours` },
        minutesInputProps: { 'data-testid': testId && `${testId}-minutes` },
      }}
      submitButtonProps={
        {
          'aria-label': t.submit,
          'data-testid': testId && `${testId}-submit`,
        } as DateTimePickerProps['submitButtonProps']
      }
    />
  );
}

/** A day: 'YYYY-MM-DD', '' for none. */
export function DateField({
  w,
  miw,
  maw,
  description,
  style,
  ...own
}: CommonProps &
  ValueProps &
  Pick<DatePickerInputProps, 'w' | 'miw' | 'maw' | 'description' | 'style'>) {
  const field = useFieldProps(own);
  return (
    <DatePickerInput
      {...field}
      {...{ w, miw, maw, description, style }}
      valueFormat={t.date}
      placeholder={t.placeholderDate}
    />
  );
}

/** A time of day: 'HH:mm' (24 hours), '' for none. */
export function TimeField({
  value,
  onChange,
  label,
  disabled,
  testId,
  size = 'md',
}: Omit<CommonProps, 'minDate' | 'maxDate' | 'required'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TimePicker
      {...timeFields}
      label={label}
      disabled={disabled}
      clearable
      clearButtonProps={{ 'aria-label': t.clearTime }}
      size={size}
      value={value}
      onChange={onChange}
      hoursInputProps={{ 'data-testid': testId && `${testId}-hours` }}
      minutesInputProps={{ 'data-testid': testId && `${testId}-minutes` }}
      data-testid={testId}
    />
  );
}

/** A date with an optional time of day (a deadline): the time is offered once a day is chosen. */
export function DateWithTimeField({
  day,
  time,
  onChange,
  label,
  timeLabel,
  testId,
  disabled,
  size,
}: {
  size?: MantineSize;
  day: string;
  time: string;
  onChange: (next: { day: string; time: string }) => void;
  label: string;
  timeLabel: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <Stack gap={0} miw={0}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DateField
          label={label}
          value={day}
          clearable
          disabled={disabled}
          // Clearing the day clears its time too: a time alone means nothing.
          onChange={(next) => onChange({ day: next, time: next ? time : '' })}
          testId={testId}
          size={size}
          style={{ flex: '1 1 auto', minWidth: 0 }}
        />
        <TimeField
          label={timeLabel}
          value={time}
          disabled={disabled || !day}
          onChange={(next) => onChange({ day, time: next })}
          testId={testId && `${testId}-time`}
          size={size}
        />
      </Group>
    </Stack>
  );
}
