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
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import type { Workspace } from '@teamup/contracts/workspaces';
import { Link } from 'react-router';
import { routes } from '../../config/paths';
import { ErrorAlert } from '../../components/error-alert';
import { FullPageLoader } from '../../components/full-page-loader';
import { ko } from '../../i18n/ko';
import { formationKo } from '../../i18n/ko/formation';
import { useDocumentTitle } from '../../lib/document-title';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../../lib/auth/use-auth';
import { useWorkspaceTeams } from '../../lib/queries/workspace-teams';
import { TeamCard } from '../../features/teams/components/team-card';
import { WorkspaceMembersSection } from './workspace-members-section';
import { useCurrentWorkspace } from '../../hooks/use-current-workspace';
import { useOpenedOnce } from '../../lib/use-opened-once';

// The team dialog (create and join forms) loads when first opened.
const TeamDialog = lazy(() =>
  import('../../features/teams/components/team-dialog').then((m) => ({ default: m.TeamDialog })),
);

function MyTeams({ workspace, onOpenDialog }: { workspace: Workspace; onOpenDialog: () => void }) {
  // The answer renders in a transition (React's short slices), not in the store's blocking update.
  const teams = useDeferredValue(useWorkspaceTeams(workspace.id));

  if (teams.isPending) {
    // About the height of the empty state most new workspaces show: the members section below
    // does not jump when the answer comes.
    return (
      <Center mih={240} role="status" aria-live="polite">
        <Loader />
      </Center>
    );
  }
  if (teams.isError) {
    return <ErrorAlert message={errorMessage(teams.error, { fallback: ko.home.teamsFailed })} />;
  }

  const mine = teams.data.filter((team) => team.isMember);
  if (mine.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="home-teams-empty">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
            <IconUsersGroup size={28} />
          </ThemeIcon>
          <Text fw={600}>{ko.home.noTeams}</Text>
          <Text size="sm" c="dimmed">
            {ko.home.noTeamsHint}
          </Text>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={onOpenDialog}
            mt="xs"
          >
            {ko.home.openTeamDialog}
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      {mine.map((team) => (
        <TeamCard key={team.id} team={team} />
      ))}
    </SimpleGrid>
  );
}

/** The tab title: the workspace's name (the number before it is the bell's, lib/document-title). */
function HomeTitle({ workspace }: { workspace: Workspace }) {
  useDocumentTitle([workspace.name]);
  return null;
}

function WorkspaceHome({ workspace }: { workspace: Workspace }) {
  const { user } = useAuth();
  const [dialogOpened, setDialogOpened] = useState(false);
  const dialogLoaded = useOpenedOnce(dialogOpened);
  const name = user?.name.trim() || ko.home.defaultName;

  return (
    <Stack maw={1120} mx="auto" gap="xl" data-testid="workspace-home">
      <HomeTitle workspace={workspace} />
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed" truncate>
            {ko.home.workspaceLabel} · {workspace.name}
          </Text>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="home-greeting">
            {ko.home.greeting(name)}
          </Title>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconUsersGroup size={16} />}
            component={Link}
            to={routes.teamFormation.href(workspace.id)}
            data-testid="open-team-formation"
          >
            {formationKo.title}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialogOpened(true)}
            data-testid="open-team-dialog"
          >
            {ko.home.openTeamDialog}
          </Button>
        </Group>
      </Group>

      <Stack gap="md" component="section" aria-labelledby="home-teams-title">
        <Title order={2} fz="h4" id="home-teams-title">
          {ko.home.myTeams}
        </Title>
        <MyTeams workspace={workspace} onOpenDialog={() => setDialogOpened(true)} />
      </Stack>

      <WorkspaceMembersSection workspace={workspace} />

      {dialogLoaded && (
        <Suspense fallback={null}>
          <TeamDialog
            opened={dialogOpened}
            onClose={() => setDialogOpened(false)}
            workspaceId={workspace.id}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * The workspace home (/ws/{workspaceId}, spec 01 and 02 section 2): a greeting, the user's team
 * cards, the team dialog and a preview of the workspace members. The workspace route guard
 * around it has already matched the address to one of the user's workspaces.
 */
export function WorkspaceHomePage() {
  const { workspace } = useCurrentWorkspace();
  if (!workspace) return <FullPageLoader text={ko.home.workspaceLoading} height="50vh" />;
  return <WorkspaceHome workspace={workspace} />;
}
