import { useState } from 'react';
import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { WorkspaceMember } from '@teamup/contracts/workspaces';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { errorMessage } from '../../../lib/error-message';
import { useWorkspaceMembers } from '../../workspaces/api/workspace-members';
import { previewMembers } from '../lib/member-preview';
import { AllMembersModal } from './all-members-modal';
import { MemberDetailModal } from './member-detail-modal';
import { MemberPreview } from './member-preview';

/**
 * The 'team members' section of the workspace home: the first 4 members, the total and
 * '(N명 더)', a button to the full list, and a member's detail on click (spec 01 section 2).
 */
export function WorkspaceMembersSection({ workspaceId }: { workspaceId: number }) {
  const members = useWorkspaceMembers(workspaceId);
  const [allOpened, setAllOpened] = useState(false);
  const [selected, setSelected] = useState<WorkspaceMember | null>(null);

  const list = members.data ?? [];
  const preview = previewMembers(list);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="home-members-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" align="baseline">
            <Title order={2} fz="h4" id="home-members-title">
              {ko.home.members}
            </Title>
            {members.isSuccess && (
              <Text size="sm" c="dimmed" data-testid="member-total">
                {ko.home.membersTotal(preview.total)}
                {preview.hidden > 0 && ` ${ko.home.moreMembers(preview.hidden)}`}
              </Text>
            )}
          </Group>
          <Button
            variant="light"
            size="compact-md"
            leftSection={<IconUsers size={16} />}
            onClick={() => setAllOpened(true)}
            disabled={!members.isSuccess}
            data-testid="all-members-button"
          >
            {ko.home.allMembers}
          </Button>
        </Group>
        {members.isPending && (
          <Center py="md" role="status" aria-live="polite">
            <Loader size="sm" />
          </Center>
        )}
        {members.isError && (
          <ErrorAlert message={errorMessage(members.error, { fallback: ko.home.membersFailed })} />
        )}
        {members.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            {ko.home.noMembers}
          </Text>
        )}
        {preview.shown.length > 0 && (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" data-testid="member-preview">
            {preview.shown.map((member) => (
              <MemberPreview
                key={member.id}
                member={member}
                roleLabel={ko.member.roles[member.role]}
                onOpen={() => setSelected(member)}
                testId="member-preview-item"
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Modal.Stack>
        <AllMembersModal
          opened={allOpened}
          onClose={() => setAllOpened(false)}
          members={list}
          onOpenMember={setSelected}
          stackId="all-members"
        />
        <MemberDetailModal
          member={selected}
          roleLabel={selected ? ko.member.roles[selected.role] : undefined}
          onClose={() => setSelected(null)}
          stackId="member-detail"
        />
      </Modal.Stack>
    </Paper>
  );
}
