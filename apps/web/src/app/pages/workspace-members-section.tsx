import { lazy, Suspense, useDeferredValue, useState } from 'react';
import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconLink, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { Workspace, WorkspaceMember } from '@teamup/contracts/workspaces';
import { routes } from '../../config/paths';
import { ErrorAlert } from '../../components/error-alert';
import { ko } from '../../i18n/ko';
import { errorMessage } from '../../lib/error-message';
import { useWorkspaceMembers } from '../../lib/queries/workspace-members';
import { copyText } from '../../lib/copy-text';
import { inviteLink } from '../../features/workspaces/lib/settings-tabs';
import { previewMembers } from '../../features/teams/lib/member-preview';
import { MemberPreview } from '../../features/teams/components/member-preview';
import { useOpenedOnce } from '../../lib/use-opened-once';

// The dialogs load when first opened: the settings' tabs and the member lists stay off the
// first screen.
const WorkspaceSettingsModal = lazy(() =>
  import('../../features/workspaces/components/workspace-settings-modal').then((m) => ({
    default: m.WorkspaceSettingsModal,
  })),
);
const MemberModals = lazy(() =>
  import('./workspace-member-modals').then((m) => ({ default: m.WorkspaceMemberModals })),
);

/**
 * A workspace with only its creator in it: how to bring the team in. The link copies in one
 * click; '초대 코드 보기' opens the settings on the invite tab (code, link, password note).
 */
function InviteCallToAction({ workspace }: { workspace: Workspace }) {
  const [settingsOpened, setSettingsOpened] = useState(false);
  const settingsLoaded = useOpenedOnce(settingsOpened);
  const link = inviteLink(window.location.origin, routes.workspace.href(workspace.inviteCode));

  const handleCopy = async () => {
    const copied = await copyText(link);
    notifications.show(
      copied
        ? { color: 'teal', message: ko.home.inviteLinkCopied }
        : { color: 'red', message: ko.home.inviteCopyFailed },
    );
  };

  return (
    <Paper
      radius="md"
      p="md"
      bg="var(--mantine-color-indigo-0)"
      component="section"
      data-testid="home-invite-cta"
      aria-labelledby="home-invite-title"
    >
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden visibleFrom="xs">
          <IconUserPlus size={22} />
        </ThemeIcon>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text fw={700} id="home-invite-title">
            {ko.home.inviteTitle}
          </Text>
          <Text size="sm" style={{ wordBreak: 'keep-all' }}>
            {ko.home.inviteHint}
          </Text>
          <Group gap="xs" mt={4}>
            <Button
              leftSection={<IconCopy size={16} />}
              onClick={() => void handleCopy()}
              data-testid="home-invite-copy"
            >
              {ko.home.copyInviteLink}
            </Button>
            <Button
              variant="default"
              leftSection={<IconLink size={16} />}
              onClick={() => setSettingsOpened(true)}
              data-testid="home-invite-open"
            >
              {ko.home.openInvite}
            </Button>
          </Group>
        </Stack>
      </Group>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <WorkspaceSettingsModal
            workspace={workspace}
            opened={settingsOpened}
            onClose={() => setSettingsOpened(false)}
          />
        </Suspense>
      )}
    </Paper>
  );
}

/**
 * The 'workspace members' section of the workspace home: the first 4 members, the total and
 * '(N명 더)', a button to the full list, and a member's detail on click (spec 01 section 2).
 * While the user is the only member, an invitation to bring the team in comes first.
 */
export function WorkspaceMembersSection({ workspace }: { workspace: Workspace }) {
  // The answer renders in a transition (React's short slices), not in the store's blocking update.
  const members = useDeferredValue(useWorkspaceMembers(workspace.id));
  const [allOpened, setAllOpened] = useState(false);
  const [selected, setSelected] = useState<WorkspaceMember | null>(null);
  const modalsLoaded = useOpenedOnce(allOpened || selected !== null);

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
        {members.isSuccess && list.length <= 1 && <InviteCallToAction workspace={workspace} />}
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
      {modalsLoaded && (
        <Suspense fallback={null}>
          <MemberModals
            members={list}
            allOpened={allOpened}
            onCloseAll={() => setAllOpened(false)}
            selected={selected}
            onSelect={setSelected}
          />
        </Suspense>
      )}
    </Paper>
  );
}
