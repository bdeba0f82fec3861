import { useState } from 'react';
import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TeamMember } from '@teamup/contracts/teams';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { errorMessage } from '../../../lib/error-message';
import { useTeamMembers } from '../api/team-members';
import { MemberDetailModal } from './member-detail-modal';
import { MemberPreview } from './member-preview';

/** The team's members (leader first), each opening the member detail. */
export function TeamMembersPanel({ teamId }: { teamId: number }) {
  const members = useTeamMembers(teamId);
  const [selected, setSelected] = useState<TeamMember | null>(null);

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
          {ko.teams.members}
          {members.isSuccess && ` (${members.data.length})`}
        </Title>
        {members.isPending && (
          <Center py="md" role="status" aria-live="polite">
            <Loader size="sm" />
          </Center>
        )}
        {members.isError && (
          <ErrorAlert message={errorMessage(members.error, { fallback: ko.teams.membersFailed })} />
        )}
        {members.isSuccess && members.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {ko.teams.noMembers}
          </Text>
        )}
        {members.isSuccess && members.data.length > 0 && (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {members.data.map((member) => (
              <li key={member.id}>
                <MemberPreview
                  member={member}
                  roleLabel={ko.member.roles[member.teamRole]}
                  onOpen={() => setSelected(member)}
                  testId="team-member-row"
                />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <MemberDetailModal
        member={selected}
        roleLabel={selected ? ko.member.roles[selected.teamRole] : undefined}
        onClose={() => setSelected(null)}
      />
    </Paper>
  );
}
