import { useState, type FormEvent } from 'react';
import { Button, Group, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { createTaskSchema, type Task } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import type { TeamMember } from '@teamup/contracts/teams';
import dayjs from 'dayjs';
import type { ConfirmActionOptions } from '../../../components/confirm-action';
import { DateWithTimeField } from '../../../components/date-fields';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { formatDate, formatDateTime, isDueInPast } from '../../../lib/dates';
import { useUpdateTask } from '../api/update-task';
import { deadlineDay } from '../lib/deadline';
import { kanbanErrorMessage } from '../lib/kanban-errors';

const texts = kanbanKo.detail;

interface TaskEditFormProps {
  teamId: number;
  task: Task;
  members: TeamMember[];
  onDelete: () => void;
  deleting: boolean;
  /** Asks in the card's confirm dialog (above the detail) before saving a past deadline. */
  confirm: (options: ConfirmActionOptions) => void;
}

interface TaskValues {
  subject: string;
  content: string;
  /** YYYY-MM-DD, or '' for none. */
  deadline: string;
  /** HH:mm, or '' for the whole day. */
  deadlineTime: string;
  assigneeIds: string[];
}

const valuesOf = (task: Task): TaskValues => ({
  subject: task.subject,
  content: task.content ?? '',
  deadline: task.deadline ? deadlineDay(task.deadline) : '',
  deadlineTime:
    task.deadline && task.deadline.length > 10 ? dayjs(task.deadline).format('HH:mm') : '',
  assigneeIds: task.members.map((member) => String(member.accountId)),
});

/** A day alone, or the day with its due time as an instant (the API takes both); null for none. */
const deadlineOf = ({ deadline, deadlineTime }: TaskValues): string | null => {
  if (!deadline) return null;
  return deadlineTime ? dayjs(`${deadline} ${deadlineTime}`).toISOString() : deadline;
};

/** Subject, content, deadline and assignees of a card, saved together. */
export function TaskEditForm({
  teamId,
  task,
  members,
  onDelete,
  deleting,
  confirm,
}: TaskEditFormProps) {
  const [values, setValues] = useState<TaskValues>(() => valuesOf(task));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateTask(teamId);

  // Team members, plus assignees who have left the team since (so they can be removed).
  const options = [
    ...members.map((member) => ({ value: String(member.id), label: member.name })),
    ...task.members
      .filter((assignee) => !members.some((member) => member.id === assignee.accountId))
      .map((assignee) => ({ value: String(assignee.accountId), label: assignee.memberName })),
  ];

  const set = <K extends keyof TaskValues>(key: K, value: TaskValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const subject = createTaskSchema.shape.subject.safeParse(values.subject);
    if (!subject.success) {
      setProblem(subject.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    const deadline = deadlineOf(values);
    const save = () =>
      update.mutate(
        {
          taskId: task.id,
          body: {
            subject: subject.data,
            content: values.content.trim() ? values.content : null,
            deadline,
            assigneeIds: values.assigneeIds.map(Number),
          },
        },
        {
          onSuccess: () => notifications.show({ color: 'teal', message: texts.saved }),
          onError: (error) => setProblem(kanbanErrorMessage(error, texts.saveFailed)),
        },
      );
    // A due date set (or moved) into the past is asked about, not refused: it may be a late entry.
    if (deadline && deadline !== deadlineOf(valuesOf(task)) && isDueInPast(deadline)) {
      confirm({
        title: ko.dates.pastDue.title,
        message: ko.dates.pastDue.message(
          deadline.length === 10 ? formatDate(deadline) : formatDateTime(deadline),
        ),
        confirmLabel: ko.dates.pastDue.confirm,
        onConfirm: save,
      });
      return;
    }
    save();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={texts.subject}
          required
          maxLength={Limits.titleMax}
          value={values.subject}
          onChange={(event) => set('subject', event.currentTarget.value)}
          data-testid="task-subject-input"
        />
        <Textarea
          label={texts.content}
          placeholder={texts.contentPlaceholder}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={Limits.longTextMax}
          value={values.content}
          onChange={(event) => set('content', event.currentTarget.value)}
          data-testid="task-content-input"
        />
        <Group grow align="flex-start" gap="sm" wrap="wrap" preventGrowOverflow={false}>
          <DateWithTimeField
            label={texts.deadline}
            timeLabel={texts.deadlineTime}
            day={values.deadline}
            time={values.deadlineTime}
            onChange={({ day, time }) =>
              setValues((current) => ({ ...current, deadline: day, deadlineTime: time }))
            }
            testId="task-deadline-input"
            size="sm"
          />
          <MultiSelect
            label={texts.assignees}
            placeholder={values.assigneeIds.length === 0 ? texts.assigneesPlaceholder : undefined}
            nothingFoundMessage={texts.assigneesEmpty}
            miw={200}
            data={options}
            value={values.assigneeIds}
            onChange={(ids) => set('assigneeIds', ids)}
            searchable
            clearable
            data-testid="task-assignees-input"
          />
        </Group>
        <ErrorAlert message={problem} />
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={onDelete}
            loading={deleting}
            data-testid="task-delete"
          >
            {texts.delete}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="task-save">
            {texts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
