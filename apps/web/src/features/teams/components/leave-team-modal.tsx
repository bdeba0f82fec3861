import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { Team } from '@teamup/contracts/teams';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { teamsKo } from '../../../i18n/ko/teams';
import { errorMessage, hasCode } from '../../../lib/error-message';
import { useLeaveTeam, type LeaveTeamResult, type WhenLast } from '../api/leave-team';

interface LeaveTeamModalProps {
  team: Team;
  opened: boolean;
  onClose: () => void;
  onLeft: (result: LeaveTeamResult) => void;
}

/**
 * Confirms leaving the team (spec 02 section 2). When the server answers that the user is its
 * last member (409 TEAM_LAST_MEMBER), it asks whether to delete the team or keep it, and resends.
 */
export function LeaveTeamModal({ team, opened, onClose, onLeft }: LeaveTeamModalProps) {
  const leave = useLeaveTeam();
  const [lastMember, setLastMember] = useState(false);

  const handleClose = () => {
    if (leave.isPending) return;
    setLastMember(false);
    leave.reset();
    onClose();
  };

  const handleLeave = (whenLast?: WhenLast) => {
    leave.mutate(
      { teamId: team.id, workspaceId: team.workspaceId, whenLast },
      {
        onSuccess: (result) => {
          setLastMember(false);
          onLeft(result);
        },
        onError: (error) => {
          if (hasCode(error, ErrorCode.TEAM_LAST_MEMBER)) {
            setLastMember(true);
            leave.reset();
          }
        },
      },
    );
  };

  const failure = leave.error ? errorMessage(leave.error, { fallback: teamsKo.leaveFailed }) : null;
  const choosing = leave.variables?.whenLast;

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={lastMember ? teamsKo.lastMemberTitle : teamsKo.leave}
      centered
      attributes={{ content: { 'data-testid': 'team-leave-modal' } }}
    >
      <Stack gap="md">
        <Text size="sm">{lastMember ? teamsKo.lastMember : teamsKo.leaveConfirm}</Text>
        <ErrorAlert message={failure} />
        {lastMember ? (
          <Stack gap="xs">
            <Button
              color="red"
              loading={leave.isPending && choosing === 'DELETE'}
              disabled={leave.isPending}
              onClick={() => handleLeave('DELETE')}
              data-testid="confirm-action"
            >
              {teamsKo.lastMemberDelete}
            </Button>
            <Button
              variant="light"
              loading={leave.isPending && choosing === 'KEEP'}
              disabled={leave.isPending}
              onClick={() => handleLeave('KEEP')}
              data-testid="team-leave-keep"
            >
              {teamsKo.lastMemberKeep}
            </Button>
            <Button variant="default" onClick={handleClose} disabled={leave.isPending}>
              {ko.common.cancel}
            </Button>
          </Stack>
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose} disabled={leave.isPending}>
              {ko.common.cancel}
            </Button>
            <Button
              color="red"
              loading={leave.isPending}
              onClick={() => handleLeave()}
              data-testid="confirm-action"
            >
              {teamsKo.leave}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
