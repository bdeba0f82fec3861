import { useEffect, useState } from 'react';
import {
  Button,
  Center,
  Container,
  Stack,
  Text,
  Title,
  UnstyledButton,
  Group,
  Paper,
} from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { routes } from '../../../config/paths';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ko } from '../../../i18n/ko';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { useAuth } from '../../../lib/auth/use-auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMyWorkspaces } from '../../../lib/queries/my-workspaces';
import { WorkspaceIcon } from '../../../components/workspace-icon';
import { defaultWorkspace } from '../../../lib/match-workspace';
import {
  hasRedirectedThisSession,
  markRedirectedThisSession,
  readLastWorkspaceId,
} from '../../../lib/workspace-storage';

/**
 * / (spec 01 section 2): a spinner while the workspaces load, then, once per browser session,
 * the last accessed workspace, else the first, else /empty-workspace (history replaced). Later
 * visits in the same session show the workspaces to choose from instead of jumping again.
 */
export function InitialRedirectPage() {
  useDocumentTitle([workspacesKo.chooseTitle]);
  const { user } = useAuth();
  const workspaces = useMyWorkspaces();
  const navigate = useNavigate();
  // Decided once on arrival: the flag is set by the redirect itself.
  const [redirect] = useState(() => (user ? !hasRedirectedThisSession(user.id) : false));

  const list = workspaces.data;
  useEffect(() => {
    if (!redirect || !user || !list) return;
    markRedirectedThisSession(user.id);
    const target = defaultWorkspace(list, readLastWorkspaceId());
    void navigate(target ? routes.workspace.href(target.id) : routes.emptyWorkspace.href(), {
      replace: true,
    });
  }, [redirect, user, list, navigate]);

  if (workspaces.isError) {
    return (
      <Center mih="50vh">
        <Stack align="center" gap="sm">
          <Text c="red" role="alert">
            {workspacesKo.loadFailed}
          </Text>
          <Button variant="light" onClick={() => void workspaces.refetch()}>
            {workspacesKo.retry}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!list || redirect)
    return <FullPageLoader text={workspacesKo.initial.loading} height="50vh" />;
  if (list.length === 0) return <Navigate to={routes.emptyWorkspace.href()} replace />;

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h3">
            {workspacesKo.chooseTitle}
          </Title>
          <Text c="dimmed" size="sm">
            {workspacesKo.chooseHint}
          </Text>
        </div>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.map((workspace) => (
            <li key={workspace.id}>
              <Paper withBorder radius="md">
                <UnstyledButton
                  component={Link}
                  to={routes.workspace.href(workspace.id)}
                  p="sm"
                  w="100%"
                  style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <WorkspaceIcon name={workspace.name} iconUrl={workspace.iconUrl} size={40} />
                    <Stack gap={0} miw={0}>
                      <Text fw={600} truncate="end">
                        {workspace.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {ko.member.count(workspace.memberCount)} ·{' '}
                        {workspacesKo.roles[workspace.myRole]}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </Paper>
            </li>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
