import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLockAccess } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '../../../config/paths';
import { workspacesKo } from '../../../i18n/ko/workspaces';

/** The address names a workspace the user is not a member of, or one that does not exist. */
export function WorkspaceNotFound() {
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center" data-testid="workspace-not-found">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLockAccess size={30} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {workspacesKo.notFound}
        </Title>
        <Text c="dimmed" size="sm">
          {workspacesKo.notFoundHint}
        </Text>
        <Button component={Link} to={routes.home.href()} variant="light">
          {workspacesKo.goHome}
        </Button>
      </Stack>
    </Center>
  );
}
