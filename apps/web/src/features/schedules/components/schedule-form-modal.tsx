import { useState, type FormEvent } from 'react';
import {
  Button,
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
import { DateTimeField } from '../../../components/date-fields';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { useCreateSchedule } from '../api/create-schedule';
import { useUpdateSchedule } from '../api/update-schedule';
import { scheduleErrorMessage } from '../lib/schedule-errors';
import {
  endAfterStartMoved,
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
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateTimeField
            label={ko.calendar.form.start}
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
          <DateTimeField
            label={ko.calendar.form.end}
            required
            testId="schedule-end-input"
            minDate={values.start ? values.start.slice(0, 10) : undefined}
            value={values.end}
            onChange={(end) => set('end', end)}
          />
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
