import { Modal, Text } from '@mantine/core';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Team } from '@teamup/contracts/teams';
import { ConfirmByTyping } from '../../../components/confirm-by-typing';
import { teamsKo } from '../../../i18n/ko/teams';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteTeam } from '../api/delete-team';

interface DeleteTeamModalProps {
  team: Team;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deleting a team asks for its exact name (spec 02 section 5): the button stays disabled until it
 * matches, as workspace delete does (one ConfirmByTyping for both).
 */
export function DeleteTeamModal({ team, opened, onClose, onDeleted }: DeleteTeamModalProps) {
  const remove = useDeleteTeam();

  const handleClose = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  const failure = remove.error
    ? errorMessage(remove.error, {
        fallback: teamsKo.deleteFailed,
        byCode: { [ErrorCode.TEAM_NAME_MISMATCH]: teamsKo.nameMismatch },
      })
    : null;

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={teamsKo.deleteTitle}
      centered
      attributes={{ content: { 'data-testid': 'team-delete-modal' } }}
    >
      <ConfirmByTyping
        expected={team.name}
        label={teamsKo.deleteConfirmLabel(team.name)}
        mismatch={teamsKo.nameMismatch}
        confirmLabel={teamsKo.deleteSubmit}
        warning={
          <Text size="sm" c="red.8">
            {teamsKo.deleteWarning}
          </Text>
        }
        pending={remove.isPending}
        failure={failure}
        onCancel={handleClose}
        onConfirm={(typed) =>
          remove.mutate(
            { teamId: team.id, workspaceId: team.workspaceId, confirmName: typed },
            { onSuccess: onDeleted },
          )
        }
        autoFocus
        inputTestId="team-delete-confirm-input"
        buttonTestId="confirm-action"
      />
    </Modal>
  );
}
