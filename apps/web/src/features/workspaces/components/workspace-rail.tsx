import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Box, Divider, ScrollArea, Skeleton, Stack, Tooltip } from '@mantine/core';
import { IconLogin2, IconPlus, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { useMyWorkspaces } from '../../../lib/queries/my-workspaces';
import { useCurrentWorkspace } from '../../../hooks/use-current-workspace';
import { WorkspaceIcon } from '../../../components/workspace-icon';
import { useOpenedOnce } from '../../../lib/use-opened-once';

// The create and join dialogs load when first opened: their forms stay off the first screen.
const CreateWorkspaceDialog = lazy(() =>
  import('./create-workspace-dialog').then((m) => ({ default: m.CreateWorkspaceDialog })),
);
const JoinWorkspaceDialog = lazy(() =>
  import('./join-workspace-dialog').then((m) => ({ default: m.JoinWorkspaceDialog })),
);

/** Width of the rail in px; the layout sizes its navbar with it. */
export const WORKSPACE_RAIL_WIDTH = 72;

const ITEM_SIZE = 44;

function RailItem({ workspace, active }: { workspace: Workspace; active: boolean }) {
  return (
    <Tooltip
      label={workspace.name}
      position="right"
      withArrow
      openDelay={200}
      events={{ hover: true, focus: true, touch: false }}
    >
      <Box pos="relative" w="100%" style={{ display: 'flex', justifyContent: 'center' }}>
        {/* The pill on the left edge marks the open workspace. */}
        {active && (
          <Box
            aria-hidden
            pos="absolute"
            left={0}
            top="50%"
            w={4}
            h={32}
            bg="indigo.6"
            style={{ transform: 'translateY(-50%)', borderRadius: '0 4px 4px 0' }}
          />
        )}
        <Box
          component={Link}
          to={routes.workspace.href(workspace.id)}
          aria-current={active ? 'page' : undefined}
          data-testid="workspace-rail-item"
          data-workspace-id={workspace.id}
          data-active={active || undefined}
          className="mantine-focus-auto"
          w={ITEM_SIZE}
          h={ITEM_SIZE}
          style={{
            display: 'block',
            textDecoration: 'none',
            borderRadius: 'var(--mantine-radius-md)',
            outlineOffset: 2,
            boxShadow: active ? '0 0 0 2px var(--mantine-color-indigo-5)' : undefined,
          }}
        >
          {/* Named by its icon, an image of the workspace's name: a label of the link's own
              would leave out the letters the icon shows (WCAG 2.5.3, issue 41). */}
          <WorkspaceIcon
            name={workspace.name}
            iconUrl={workspace.iconUrl}
            size={ITEM_SIZE}
            label={workspace.name}
          />
        </Box>
      </Box>
    </Tooltip>
  );
}

/**
 * The narrow left rail of spec 01 section 2: one button per workspace (icon or first letter,
 * the name in a tooltip), then create and join buttons that open their dialogs.
 */
export function WorkspaceRail() {
  const { workspaceId } = useParams();
  const { workspace: current } = useCurrentWorkspace();
  const query = useMyWorkspaces();
  const [dialog, setDialog] = useState<'create' | 'join' | null>(null);
  const activeId = workspaceId === undefined ? undefined : current?.id;
  const createLoaded = useOpenedOnce(dialog === 'create');
  const joinLoaded = useOpenedOnce(dialog === 'join');

  return (
    <Stack
      component="nav"
      aria-label={ko.layout.workspaceRail}
      data-slot="workspace-rail"
      w={WORKSPACE_RAIL_WIDTH}
      miw={WORKSPACE_RAIL_WIDTH}
      h="100%"
      py="md"
      align="center"
      gap="sm"
      bg="var(--mantine-color-gray-0)"
      style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}
    >
      <ScrollArea w="100%" style={{ flex: '0 1 auto' }} scrollbarSize={4} type="scroll">
        <Stack
          component="ul"
          gap="sm"
          align="center"
          m={0}
          px={0}
          py={4}
          style={{ listStyle: 'none' }}
        >
          {query.isPending &&
            [0, 1, 2].map((key) => (
              <li key={key}>
                <Skeleton w={ITEM_SIZE} h={ITEM_SIZE} radius="md" />
              </li>
            ))}
          {query.isError && (
            <li>
              <Tooltip label={workspacesKo.loadFailed} position="right" withArrow>
                <ActionIcon
                  variant="light"
                  color="red"
                  size={ITEM_SIZE}
                  radius="md"
                  aria-label={`${workspacesKo.loadFailed} ${workspacesKo.retry}`}
                  onClick={() => void query.refetch()}
                >
                  <IconRefresh size={20} />
                </ActionIcon>
              </Tooltip>
            </li>
          )}
          {query.data?.map((workspace) => (
            <Box component="li" key={workspace.id} w="100%">
              <RailItem workspace={workspace} active={workspace.id === activeId} />
            </Box>
          ))}
        </Stack>
      </ScrollArea>
      {(query.data?.length ?? 0) > 0 && <Divider w={32} />}
      <Tooltip
        label={workspacesKo.rail.create}
        position="right"
        withArrow
        events={{ hover: true, focus: true, touch: false }}
      >
        <ActionIcon
          variant="light"
          color="teal"
          size={ITEM_SIZE}
          radius="md"
          aria-label={workspacesKo.rail.create}
          data-testid="rail-create-workspace"
          onClick={() => setDialog('create')}
        >
          <IconPlus size={22} />
        </ActionIcon>
      </Tooltip>
      <Tooltip
        label={workspacesKo.rail.join}
        position="right"
        withArrow
        events={{ hover: true, focus: true, touch: false }}
      >
        <ActionIcon
          variant="light"
          color="indigo"
          size={ITEM_SIZE}
          radius="md"
          aria-label={workspacesKo.rail.join}
          data-testid="rail-join-workspace"
          onClick={() => setDialog('join')}
        >
          <IconLogin2 size={22} />
        </ActionIcon>
      </Tooltip>
      <Suspense fallback={null}>
        {createLoaded && (
          <CreateWorkspaceDialog opened={dialog === 'create'} onClose={() => setDialog(null)} />
        )}
        {joinLoaded && (
          <JoinWorkspaceDialog opened={dialog === 'join'} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </Stack>
  );
}
