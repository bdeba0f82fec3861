import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import type { Team, TeamMember } from '@teamup/contracts/teams';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { teamsKo } from '../../../i18n/ko/teams';
import { errorMessage } from '../../../lib/error-message';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { useTeamMembers } from '../../../lib/queries/team-members';
import { MemberDetailModal } from './member-detail-modal';
import { MemberPreview } from './member-preview';

interface TeamMembersPanelProps {
  team: Team;
  /** The viewer may remove members (leader, workspace owner, admins). */
  canManage: boolean;
}

/** Asks before a member is removed; the removed member may join again later. */
function RemoveMemberModal({
  team,
  member,
  onClose,
}: {
  team: Team;
  member: TeamMember | null;
  onClose: () => void;
}) {
  const remove = useRemoveTeamMember();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!member) return;
    remove.mutate(
      { teamId: team.id, workspaceId: team.workspaceId, userId: member.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: teamsKo.memberRemoved(member.name) });
          remove.reset();
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened={member !== null}
      onClose={close}
      title={teamsKo.removeMemberTitle}
      centered
      attributes={{ content: { 'data-testid': 'team-remove-member-modal' } }}
    >
      <Stack gap="md">
        <Text size="sm">{member ? teamsKo.removeMemberConfirm(member.name) : ''}</Text>
        <ErrorAlert
          message={
            remove.error
              ? errorMessage(remove.error, { fallback: teamsKo.removeMemberFailed })
              : null
          }
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {ko.common.cancel}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={confirm}
            data-testid="team-remove-member-submit"
          >
            {teamsKo.removeMemberSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The team's members (leader first), each opening the member detail; managers may remove. */
export function TeamMembersPanel({ team, canManage }: TeamMembersPanelProps) {
  const members = useTeamMembers(team.id);
  const [selected, setSelected] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="team-members-title"
      data-testid="team-members"
    >
      <Stack gap="sm">
        <Title order={2} fz="h5" id="team-members-title">
          {teamsKo.members}
          {members.isSuccess && ` (${members.data.length})`}
        </Title>
        {members.isPending && (
          <Center py="md" role="status" aria-live="polite">
            <Loader size="sm" />
          </Center>
        )}
        {members.isError && (
          <ErrorAlert message={errorMessage(members.error, { fallback: teamsKo.membersFailed })} />
        )}
        {members.isSuccess && members.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {teamsKo.noMembers}
          </Text>
        )}
        {members.isSuccess && members.data.length > 0 && (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {members.data.map((member) => (
              <Group component="li" key={member.id} gap={4} wrap="nowrap">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <MemberPreview
                    member={member}
                    roleLabel={ko.member.roles[member.teamRole]}
                    onOpen={() => setSelected(member)}
                    testId="team-member-row"
                  />
                </div>
                {canManage && member.teamRole !== 'LEADER' && (
                  <Tooltip label={teamsKo.removeMember(member.name)} withArrow openDelay={300}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={teamsKo.removeMember(member.name)}
                      onClick={() => setRemoving(member)}
                      data-testid="team-remove-member"
                    >
                      <IconUserMinus size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <MemberDetailModal
        member={selected}
        roleLabel={selected ? ko.member.roles[selected.teamRole] : undefined}
        onClose={() => setSelected(null)}
      />
      <RemoveMemberModal team={team} member={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}
