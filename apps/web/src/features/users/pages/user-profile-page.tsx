import type { ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { UserProfile } from '@teamup/contracts/users';
import { IconArrowLeft, IconUserOff } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { routes } from '../../../config/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ko } from '../../../i18n/ko';
import { useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { WorkspaceIcon } from '../../../components/workspace-icon';
import { parseRouteId } from '../../../lib/route-id';
import { useUserProfile } from '../api/user-profile';
import { ProfileFieldList } from '../components/profile-field-list';
import { ProfileHeader } from '../components/profile-header';

function NotFound() {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="user-not-found">
      <IconUserOff size={40} stroke={1.4} color="var(--mantine-color-gray-5)" />
      <Text fw={600}>{ko.userPage.notFound}</Text>
      <Text size="sm" c="dimmed">
        {ko.userPage.notFoundHint}
      </Text>
    </Stack>
  );
}

/**
 * /users/{userId}: a person's profile from the server, for people sharing a workspace.
 * `actions`: what the frame offers beside the profile (a 1:1 message), composed in src/app.
 */
export function UserProfilePage({
  actions,
}: {
  actions?: (user: UserProfile) => ReactNode;
} = {}) {
  const { userId } = useParams();
  const id = parseRouteId(userId);
  const profile = useUserProfile(id);
  useDocumentTitle([profile.data?.name || ko.documentTitle.userProfile, ko.brand]);
  const navigate = useNavigate();

  if (id === null) return <NotFound />;
  if (profile.isPending) return <FullPageLoader text={ko.common.loading} height="50vh" />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFound />;
    return (
      <ErrorAlert message={errorMessage(profile.error, { fallback: ko.userPage.loadFailed })} />
    );
  }
  const user = profile.data;

  return (
    <Stack maw={760} mx="auto" gap="lg" data-testid="user-profile">
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void navigate(-1)}
        >
          {ko.userPage.back}
        </Button>
        {actions?.(user)}
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <ProfileHeader user={user} headingOrder={1} />
          <ProfileFieldList user={user} />
          <Stack gap="xs">
            <Text size="xs" c="dimmed" fw={600}>
              {ko.userPage.sharedWorkspaces}
            </Text>
            <Group gap="sm">
              {user.sharedWorkspaces.map((workspace) => (
                <Anchor
                  key={workspace.id}
                  component={Link}
                  to={routes.workspace.href(workspace.id)}
                  size="sm"
                >
                  <Group gap={6} wrap="nowrap" component="span">
                    <WorkspaceIcon name={workspace.name} iconUrl={workspace.iconUrl} size={22} />
                    {workspace.name}
                  </Group>
                </Anchor>
              ))}
            </Group>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
