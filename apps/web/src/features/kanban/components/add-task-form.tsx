import { useRef, useState, type FormEvent } from 'react';
import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createTaskSchema } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { useCreateTask } from '../api/create-task';
import { kanbanErrorMessage } from '../lib/kanban-errors';

interface AddTaskFormProps {
  teamId: number;
  listId: number;
  listName: string;
}

/** The subject field at the bottom of a column: Enter adds the card last and keeps the field. */
export function AddTaskForm({ teamId, listId, listName }: AddTaskFormProps) {
  const [subject, setSubject] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const create = useCreateTask(teamId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createTaskSchema.shape.subject.safeParse(subject);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    create.mutate(
      { subject: parsed.data, kanbanListId: listId },
      {
        onSuccess: () => {
          setSubject('');
          inputRef.current?.focus();
        },
        onError: (error) => setProblem(kanbanErrorMessage(error, kanbanKo.tasks.createFailed)),
      },
    );
  };

  const errorId = `kanban-add-task-error-${listId}`;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <TextInput
          ref={inputRef}
          size="sm"
          flex={1}
          placeholder={kanbanKo.tasks.addPlaceholder}
          aria-label={kanbanKo.tasks.addLabel(listName)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          maxLength={Limits.titleMax}
          value={subject}
          onChange={(event) => {
            setSubject(event.currentTarget.value);
            if (problem) setProblem(null);
          }}
          data-testid="kanban-add-task-input"
        />
        <ActionIcon
          type="submit"
          size={36}
          variant="light"
          loading={create.isPending}
          aria-label={kanbanKo.tasks.add}
          title={kanbanKo.tasks.add}
          data-testid="kanban-add-task-submit"
        >
          <IconPlus size={18} />
        </ActionIcon>
      </Group>
      {problem && (
        <Text size="xs" c="red" mt={4} id={errorId} role="alert">
          {problem}
        </Text>
      )}
    </form>
  );
}
