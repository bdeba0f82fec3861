import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import type { FormationMethod } from '@teamup/contracts/formation';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { DateTimeField } from '../../../components/date-fields';
import { ErrorAlert } from '../../../components/error-alert';
import { formationKo } from '../../../i18n/ko/formation';
import { errorMessage } from '../../../lib/error-message';
import { useCreateFormation } from '../api/formations';

const t = formationKo;
const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Participants (all by default), team count, optional names and, for a vote, capacities. */
export function CreateFormationForm({
  workspaceId,
  method,
  members,
  onCreated,
}: {
  workspaceId: number;
  method: FormationMethod;
  members: WorkspaceMember[];
  onCreated: (id: number) => void;
}) {
  const create = useCreateFormation(workspaceId);
  const [chosen, setChosen] = useState<number[]>(() => members.map((member) => member.id));
  const [teamCount, setTeamCount] = useState<number>(2);
  const [names, setNames] = useState('');
  const [capacities, setCapacities] = useState('');
  const [balanced, setBalanced] = useState(false);
  const [deadline, setDeadline] = useState('');
  const canBalance = method === 'DICE' || method === 'MANUAL';

  const submit = () => {
    const teamNames = list(names);
    const places = list(capacities).map(Number);
    create.mutate(
      {
        method,
        participantIds: chosen,
        teamCount,
        ...(teamNames.length > 0 ? { teamNames } : {}),
        ...(method === 'VOTE' && places.length > 0 ? { capacities: places } : {}),
        ...(canBalance && balanced ? { balanced: true } : {}),
        // The picker's value has no zone: it is the browser's local time.
        ...(method === 'VOTE' && deadline ? { deadline: dayjs(deadline).toISOString() } : {}),
      },
      { onSuccess: (formation) => onCreated(formation.id) },
    );
  };

  return (
    <Stack gap="sm" data-testid="formation-create">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t.participants} ({chosen.length})
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setChosen(members.map((member) => member.id))}
        >
          {t.selectAll}
        </Button>
      </Group>
      <Group gap="sm">
        {members.map((member) => (
          <Checkbox
            key={member.id}
            label={member.name}
            checked={chosen.includes(member.id)}
            onChange={(event) =>
              setChosen((current) =>
                event.currentTarget.checked
                  ? [...current, member.id]
                  : current.filter((id) => id !== member.id),
              )
            }
          />
        ))}
      </Group>
      <NumberInput
        label={t.teamCount}
        min={1}
        max={Math.max(1, chosen.length)}
        value={teamCount}
        onChange={(value) => setTeamCount(Number(value) || 1)}
        w={160}
        data-testid="formation-team-count"
      />
      <TextInput
        label={t.teamNames}
        placeholder="기획팀, 개발팀"
        value={names}
        onChange={(event) => setNames(event.currentTarget.value)}
      />
      {method === 'VOTE' && (
        <TextInput
          label={t.capacities}
          placeholder="3, 3"
          value={capacities}
          onChange={(event) => setCapacities(event.currentTarget.value)}
        />
      )}
      {method === 'VOTE' && (
        <DateTimeField
          label={t.deadline}
          value={deadline}
          onChange={setDeadline}
          clearable
          minDate={dayjs().format('YYYY-MM-DD')}
          maw={300}
          testId="formation-deadline"
        />
      )}
      {canBalance && (
        <Checkbox
          label={t.balanced}
          checked={balanced}
          onChange={(event) => setBalanced(event.currentTarget.checked)}
          data-testid="formation-balanced"
        />
      )}
      <ErrorAlert
        message={create.isError ? errorMessage(create.error, { fallback: t.actionFailed }) : null}
      />
      <Group>
        <Button loading={create.isPending} onClick={submit} data-testid="formation-start">
          {t.start}
        </Button>
      </Group>
    </Stack>
  );
}
