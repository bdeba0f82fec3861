import { Button, Group, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { Limits } from '@teamup/contracts/limits';
import type { Team } from '@teamup/contracts/teams';
import { routes } from '../../../config/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { teamsKo } from '../../../i18n/ko/teams';
import { errorMessage } from '../../../lib/error-message';
import { useCreateTeam } from '../api/create-team';
import { teamCreateBody, validateTeamForm, type TeamFormValues } from '../lib/team-form';

interface CreateTeamFormProps {
  workspaceId: number;
  onCreated?: (team: Team) => void;
  /** Closes the dialog. */
  onDone: () => void;
}

/** Name (required, max 50), description and password; creating opens the new team's page. */
export function CreateTeamForm({ workspaceId, onCreated, onDone }: CreateTeamFormProps) {
  const navigate = useNavigate();
  const create = useCreateTeam();
  const form = useForm<TeamFormValues>({
    initialValues: { name: '', description: '', password: '' },
    validate: (values) => validateTeamForm(values, workspaceId),
  });

  const handleSubmit = form.onSubmit((values) => {
    create.mutate(teamCreateBody(values, workspaceId), {
      onSuccess: (team) => {
        notifications.show({ color: 'teal', message: teamsKo.created(team.name) });
        onCreated?.(team);
        onDone();
        void navigate(routes.team.href(team.workspaceId, team.id));
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={teamsKo.name}
          placeholder={teamsKo.namePlaceholder}
          required
          maxLength={Limits.teamNameMax}
          data-autofocus
          data-testid="team-name-input"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={teamsKo.description}
          placeholder={teamsKo.descriptionPlaceholder}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={Limits.teamDescriptionMax}
          data-testid="team-description-input"
          {...form.getInputProps('description')}
        />
        <PasswordInput
          label={teamsKo.password}
          description={teamsKo.passwordHint}
          placeholder={teamsKo.passwordPlaceholder}
          autoComplete="new-password"
          maxLength={Limits.workspacePasswordMax}
          data-testid="team-password-input"
          {...form.getInputProps('password')}
        />
        <ErrorAlert
          message={
            create.error ? errorMessage(create.error, { fallback: teamsKo.createFailed }) : null
          }
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {ko.common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="team-create-submit">
            {teamsKo.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
