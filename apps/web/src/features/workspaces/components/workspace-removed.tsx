import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '../../../config/paths';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import type { RemovalNotice } from '../lib/removal-notices';

const t = workspacesKo.removed;

/** The page of a workspace the user was just sent out of: what happened, and the way home. */
export function WorkspaceRemoved({ notice }: { notice: RemovalNotice }) {
  const name = notice.name ?? t.unknownName;
  return (
    <Center mih="50vh" p="md">
      <Stack
        align="center"
        gap="sm"
        maw={420}
        ta="center"
        role="alert"
        data-testid="workspace-removed"
        style={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}
      >
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconDoorExit size={30} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {notice.reason === 'BANNED' ? t.banned(name) : t.kicked(name)}
        </Title>
        <Text c="dimmed" size="sm">
          {notice.reason === 'BANNED' ? t.bannedHint : t.kickedHint}
        </Text>
        <Button component={Link} to={routes.home.href()} data-testid="workspace-removed-home">
          {workspacesKo.goHome}
        </Button>
      </Stack>
    </Center>
  );
}
