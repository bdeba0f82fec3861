import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Limits } from '@teamup/contracts/limits';
import type { Schedule, ScheduleType } from '@teamup/contracts/schedules';
import type { ConfirmActionOptions } from '../../../components/confirm-action';
import { DateField, DateTimeField } from '../../../components/date-fields';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { calendarKo } from '../../../i18n/ko/calendar';
import { formatDate, formatDateTime, isDueInPast } from '../../../lib/dates';
import { useCreateSchedule } from '../api/create-schedule';
import { useUpdateSchedule } from '../api/update-schedule';
import { scheduleErrorMessage } from '../lib/schedule-errors';
import {
  endAfterStartMoved,
  needsEnd,
  scheduleBody,
  validateSchedule,
  type ScheduleFormValues,
} from '../lib/schedule-form';
import { scheduleTypeOptions } from '../lib/schedule-types';
import type { ScopeRequest } from './occurrence-scope-dialog';
import { RecurrenceFields } from './recurrence-fields';
import { ReminderPicker } from './reminder-picker';

interface ScheduleFormModalProps {
  teamId: number;
  opened: boolean;
  /** The schedule being edited; null for a new one. */
  editing: Schedule | null;
  /** What the form opens with (a new schedule's day and times, or the edited one's values). */
  initialValues: ScheduleFormValues;
  onClose: () => void;
  onSaved: (schedule: Schedule) => void;
  /** Asks in the calendar's confirm dialog (above this form) before saving a past deadline. */
  confirm: (options: ConfirmActionOptions) => void;
  /**
   * Asks which occurrences an edit of a recurring event reaches (the calendar's scope dialog).
   * Needed only where an occurrence can be edited: a form that only creates leaves it out.
   */
  askScope?: (request: ScopeRequest) => void;
  stackId: string;
}

/** Creates or edits (the whole schedule, PUT) a schedule: title, type, start, end, description. */
export function ScheduleFormModal(props: ScheduleFormModalProps) {
  const { opened, editing, onClose, stackId } = props;
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const pending = create.isPending || update.isPending;

  const handleClose = () => {
    if (pending) return;
    create.reset();
    update.reset();
    onClose();
  };

  return (
    <Modal
      stackId={stackId}
      opened={opened}
      onClose={handleClose}
      title={editing ? calendarKo.form.editTitle : calendarKo.form.createTitle}
      centered
      size="lg"
      closeOnClickOutside={!pending}
      attributes={{ content: { 'data-testid': 'schedule-form' } }}
    >
      {/* The modal mounts its content only while open: every opening starts from its values. */}
      <ScheduleForm
        {...props}
        create={create}
        update={update}
        pending={pending}
        onCancel={handleClose}
      />
    </Modal>
  );
}

interface ScheduleFormProps extends ScheduleFormModalProps {
  create: ReturnType<typeof useCreateSchedule>;
  update: ReturnType<typeof useUpdateSchedule>;
  pending: boolean;
  onCancel: () => void;
}

function ScheduleForm({
  teamId,
  editing,
  initialValues,
  onClose,
  onSaved,
  create,
  update,
  pending,
  onCancel,
  confirm,
  askScope,
}: ScheduleFormProps) {
  const [values, setValues] = useState<ScheduleFormValues>(initialValues);
  const [problem, setProblem] = useState<string | null>(null);
  const editedOccurrence = editing?.seriesId != null && editing.recurrenceRule === null;

  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const handleSaved = (schedule: Schedule, message: string) => {
    notifications.show({ color: 'teal', message });
    create.reset();
    update.reset();
    onSaved(schedule);
    onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const refused = validateSchedule(values);
    setProblem(refused);
    if (refused) return;
    const { recurrenceRule, ...fields } = scheduleBody(values);
    // An edited occurrence shows no rule (it has none of its own): leaving it out keeps the
    // series' rule when the change reaches the following or all occurrences.
    const stopsRepeating = !recurrenceRule && Boolean(editing?.recurrenceRule);
    const body =
      editedOccurrence || (!recurrenceRule && !stopsRepeating)
        ? fields
        : { ...fields, recurrenceRule: recurrenceRule ?? null };
    const save = () => {
      if (editing?.seriesId != null && editing.occurrenceStart) {
        // An occurrence of a series: 이 일정만, 이 일정과 이후 일정 or 모든 일정.
        const occurrence = editing.occurrenceStart;
        if (!askScope) throw new Error('editing an occurrence of a series needs askScope');
        askScope({
          action: 'edit',
          onChoose: (scope) =>
            update.mutate(
              { teamId, scheduleId: editing.id, body, scope: { scope, occurrence } },
              { onSuccess: (schedule) => handleSaved(schedule, calendarKo.updated) },
            ),
        });
      } else if (editing) {
        update.mutate(
          { teamId, scheduleId: editing.id, body },
          { onSuccess: (schedule) => handleSaved(schedule, calendarKo.updated) },
        );
      } else {
        create.mutate(
          { teamId, body },
          { onSuccess: (schedule) => handleSaved(schedule, calendarKo.created) },
        );
      }
    };
    // A deadline set (or moved) into the past is asked about, not refused: it may be a late entry.
    const due = values.allDay ? values.start.slice(0, 10) : body.startDate;
    const moved = !editing || editing.startDate !== body.startDate;
    if (values.type === 'DEADLINE' && moved && isDueInPast(due)) {
      confirm({
        title: ko.dates.pastDue.title,
        message: ko.dates.pastDue.message(
          (values.allDay ? formatDate : formatDateTime)(body.startDate),
        ),
        confirmLabel: ko.dates.pastDue.confirm,
        onConfirm: save,
      });
      return;
    }
    save();
  };

  const withEnd = needsEnd(values);
  // Several whole days: the last one is asked (not for a deadline, which is one day).
  const withLastDay = values.allDay && values.type !== 'DEADLINE';
  const t = calendarKo.recurrence;
  const mutation = editing ? update : create;
  const failure = mutation.error
    ? scheduleErrorMessage(
        mutation.error,
        editing ? calendarKo.updateFailed : calendarKo.createFailed,
      )
    : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={calendarKo.form.title}
          placeholder={calendarKo.form.titlePlaceholder}
          required
          maxLength={Limits.titleMax}
          data-autofocus
          data-testid="schedule-title-input"
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
        />
        <NativeSelect
          label={calendarKo.form.type}
          data={scheduleTypeOptions}
          size="md"
          data-testid="schedule-type-select"
          value={values.type}
          onChange={(event) => set('type', event.currentTarget.value as ScheduleType)}
        />
        <Checkbox
          label={calendarKo.form.allDay}
          checked={values.allDay}
          onChange={(event) => set('allDay', event.currentTarget.checked)}
          data-testid="schedule-all-day"
        />
        {/* A deadline is one moment and an all-day event ends with its day: no end to ask. */}
        <SimpleGrid cols={{ base: 1, xs: withEnd || withLastDay ? 2 : 1 }} spacing="md">
          {values.allDay ? (
            <DateField
              label={withLastDay ? t.firstDay : calendarKo.form.day}
              required
              testId="schedule-start-input"
              value={values.start.slice(0, 10)}
              // The time of day is kept for when all-day is unticked again.
              onChange={(day) =>
                set('start', day ? `${day} ${values.start.slice(11) || '09:00:00'}` : '')
              }
            />
          ) : (
            <DateTimeField
              label={
                values.type === 'DEADLINE' ? calendarKo.form.deadlineAt : calendarKo.form.start
              }
              required
              testId="schedule-start-input"
              value={values.start}
              onChange={(start) =>
                setValues((current) => ({
                  ...current,
                  start,
                  end: endAfterStartMoved(current, start),
                }))
              }
            />
          )}
          {withLastDay && (
            <DateField
              label={t.lastDay}
              testId="schedule-last-day-input"
              pickerSide="right"
              minDate={values.start ? values.start.slice(0, 10) : undefined}
              value={values.end.slice(0, 10)}
              // The time of day is kept for when all-day is unticked again.
              onChange={(day) =>
                set('end', day ? `${day} ${values.end.slice(11) || '10:00:00'}` : '')
              }
            />
          )}
          {withEnd && (
            <DateTimeField
              label={calendarKo.form.end}
              required
              testId="schedule-end-input"
              pickerSide="right"
              minDate={values.start ? values.start.slice(0, 10) : undefined}
              value={values.end}
              onChange={(end) => set('end', end)}
            />
          )}
        </SimpleGrid>
        {!editedOccurrence && (
          <RecurrenceFields
            value={values.recurrence}
            startDay={values.start.slice(0, 10)}
            disabled={pending}
            onChange={(recurrence) => set('recurrence', recurrence)}
          />
        )}
        <ReminderPicker
          value={values.reminders}
          onChange={(minutes) => set('reminders', minutes)}
        />
        <Textarea
          label={calendarKo.form.description}
          placeholder={calendarKo.form.descriptionPlaceholder}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={Limits.longTextMax}
          data-testid="schedule-description-input"
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        <ErrorAlert message={problem ?? failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {ko.common.cancel}
          </Button>
          <Button type="submit" loading={pending} data-testid="schedule-submit">
            {editing ? calendarKo.form.save : calendarKo.form.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
