import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Team } from '@teamup/contracts/teams';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteTeam } from '../api/delete-team';

interface DeleteTeamModalProps {
  team: Team;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Deleting a team asks for its exact name (spec 02 section 5). */
export function DeleteTeamModal({ team, opened, onClose, onDeleted }: DeleteTeamModalProps) {
  const remove = useDeleteTeam();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const handleClose = () => {
    if (remove.isPending) return;
    setTyped('');
    setMismatch(false);
    remove.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== team.name) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    remove.mutate(
      { teamId: team.id, workspaceId: team.workspaceId, confirmName: typed },
      { onSuccess: onDeleted },
    );
  };

  const failure = remove.error
    ? errorMessage(remove.error, {
        fallback: ko.teams.deleteFailed,
        byCode: { [ErrorCode.TEAM_NAME_MISMATCH]: ko.teams.nameMismatch },
      })
    : null;

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={ko.teams.deleteTitle}
      centered
      attributes={{ content: { 'data-testid': 'team-delete-modal' } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="red.8">
            {ko.teams.deleteWarning}
          </Text>
          <TextInput
            label={ko.teams.deleteConfirmLabel(team.name)}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setMismatch(false);
            }}
            error={mismatch ? ko.teams.nameMismatch : undefined}
            autoComplete="off"
            data-autofocus
            data-testid="team-delete-confirm-input"
          />
          <ErrorAlert message={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose} disabled={remove.isPending}>
              {ko.common.cancel}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              data-testid="confirm-action"
            >
              {ko.teams.deleteSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
