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
      title={editing ? ko.calendar.form.editTitle : ko.calendar.form.createTitle}
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
}: ScheduleFormProps) {
  const [values, setValues] = useState<ScheduleFormValues>(initialValues);
  const [problem, setProblem] = useState<string | null>(null);

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
    const body = scheduleBody(values);
    const save = () => {
      if (editing) {
        update.mutate(
          { teamId, scheduleId: editing.id, body },
          { onSuccess: (schedule) => handleSaved(schedule, ko.calendar.updated) },
        );
      } else {
        create.mutate(
          { teamId, body },
          { onSuccess: (schedule) => handleSaved(schedule, ko.calendar.created) },
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
  const mutation = editing ? update : create;
  const failure = mutation.error
    ? scheduleErrorMessage(
        mutation.error,
        editing ? ko.calendar.updateFailed : ko.calendar.createFailed,
      )
    : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={ko.calendar.form.title}
          placeholder={ko.calendar.form.titlePlaceholder}
          required
          maxLength={Limits.titleMax}
          data-autofocus
          data-testid="schedule-title-input"
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
        />
        <NativeSelect
          label={ko.calendar.form.type}
          data={scheduleTypeOptions}
          size="md"
          data-testid="schedule-type-select"
          value={values.type}
          onChange={(event) => set('type', event.currentTarget.value as ScheduleType)}
        />
        <Checkbox
          label={ko.calendar.form.allDay}
          checked={values.allDay}
          onChange={(event) => set('allDay', event.currentTarget.checked)}
          data-testid="schedule-all-day"
        />
        {/* A deadline is one moment and an all-day event ends with its day: no end to ask. */}
        <SimpleGrid cols={{ base: 1, xs: withEnd ? 2 : 1 }} spacing="md">
          {values.allDay ? (
            <DateField
              label={ko.calendar.form.day}
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
                values.type === 'DEADLINE' ? ko.calendar.form.deadlineAt : ko.calendar.form.start
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
          {withEnd && (
            <DateTimeField
              label={ko.calendar.form.end}
              required
              testId="schedule-end-input"
              pickerSide="right"
              minDate={values.start ? values.start.slice(0, 10) : undefined}
              value={values.end}
              onChange={(end) => set('end', end)}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={ko.calendar.form.description}
          placeholder={ko.calendar.form.descriptionPlaceholder}
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
            {editing ? ko.calendar.form.save : ko.calendar.form.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
