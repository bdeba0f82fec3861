import { useRef, useState, type FormEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createListSchema } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { useCreateList } from '../api/create-list';
import { kanbanErrorMessage } from '../lib/kanban-errors';

interface AddListFormProps {
  teamId: number;
  kanbanId: number;
}

/** The name field after the last column: Enter adds a list at the end. */
export function AddListForm({ teamId, kanbanId }: AddListFormProps) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const create = useCreateList(teamId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createListSchema.shape.kanbanListName.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    create.mutate(
      { kanbanId, kanbanListName: parsed.data },
      {
        onSuccess: () => {
          setName('');
          inputRef.current?.focus();
        },
        onError: (error) => setProblem(kanbanErrorMessage(error, kanbanKo.lists.createFailed)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap={6}>
        <TextInput
          ref={inputRef}
          size="sm"
          placeholder={kanbanKo.lists.addPlaceholder}
          aria-label={kanbanKo.lists.addLabel}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'kanban-add-list-error' : undefined}
          maxLength={Limits.kanbanNameMax}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (problem) setProblem(null);
          }}
          data-testid="kanban-add-list-input"
        />
        {problem && (
          <Text size="xs" c="red" id="kanban-add-list-error" role="alert">
            {problem}
          </Text>
        )}
        <Button
          type="submit"
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          loading={create.isPending}
          data-testid="kanban-add-list-submit"
        >
          {kanbanKo.lists.add}
        </Button>
      </Stack>
    </form>
  );
}
