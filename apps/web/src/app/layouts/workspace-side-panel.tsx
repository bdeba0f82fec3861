import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Box, Group, ScrollArea, Skeleton, Stack, Tooltip } from '@mantine/core';
import { IconLock, IconSettings, IconUsersGroup } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../config/paths';
import { ko } from '../../i18n/ko';
import { workspacesKo } from '../../i18n/ko/workspaces';
import { useAuth } from '../../lib/auth/use-auth';
import { ChatRoomLinks } from '../../features/chat/components/chat-room-links';
import { useWorkspaceTeams } from '../../lib/queries/workspace-teams';
import { MyTasksLink } from '../../features/my-tasks/components/my-tasks-link';
import { ClassLinks } from '../../features/class-overview/components/class-links';
import { canModerateWorkspace } from '@teamup/contracts/workspace-roles';
import { VideoRoomLinks } from '../../features/video/components/video-room-links';
import { useCurrentWorkspace } from '../../hooks/use-current-workspace';
import { SidePanelLink, SidePanelWorkspaceName } from '../../components/side-panel/side-panel-link';
import {
  SidePanelSection,
  sidePanelListState,
} from '../../components/side-panel/side-panel-section';
import { useFirstScreenDone } from '../../lib/first-screen-gate';
import { useOpenedOnce } from '../../lib/use-opened-once';

// The dialogs load when first opened: their forms stay off the first screen.
const WorkspaceSettingsModal = lazy(() =>
  import('../../features/workspaces/components/workspace-settings-modal').then((m) => ({
    default: m.WorkspaceSettingsModal,
  })),
);
const CreateVideoRoomDialog = lazy(() =>
  import('../../features/video/components/create-video-room-dialog').then((m) => ({
    default: m.CreateVideoRoomDialog,
  })),
);
const TeamDialog = lazy(() =>
  import('../../features/teams/components/team-dialog').then((m) => ({ default: m.TeamDialog })),
);
const NewChatDialog = lazy(() =>
  import('../../features/chat/components/new-chat-dialog').then((m) => ({
    default: m.NewChatDialog,
  })),
);

/** Width of the side panel in px; the layout widens its navbar by it on side-panel paths. */
export const WORKSPACE_SIDE_PANEL_WIDTH = 240;

const t = workspacesKo.panel;

function TeamLinks({ workspace }: { workspace: Workspace }) {
  const { teamId } = useParams();
  const teams = useWorkspaceTeams(workspace.id);
  const mine = teams.data?.filter((team) => team.isMember) ?? [];
  const state = sidePanelListState({
    isPending: teams.isPending,
    isError: teams.isError,
    isEmpty: mine.length === 0,
    failedText: t.teamsFailed,
    emptyText: t.noTeams,
    skeletonRows: 2,
  });
  if (state) return state;
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {mine.map((team) => (
        <li key={team.id}>
          <SidePanelLink
            to={routes.team.href(workspace.id, team.id)}
            name={team.name}
            active={String(team.id) === teamId}
            leftSection={<IconUsersGroup size={16} aria-hidden />}
            rightSection={
              team.passwordProtected ? (
                <IconLock size={14} aria-label={t.locked} role="img" />
              ) : undefined
            }
            testId="side-panel-team"
            data={{ 'data-team-id': team.id }}
          />
        </li>
      ))}
    </Stack>
  );
}

/**
 * The workspace side panel of spec 01 section 2: the workspace name with a settings button,
 * then team projects, direct messages, group chats and video meetings, each with a plus button.
 * The frame keeps its room lists live (ChatRoomsLiveSync), mounted or not.
 */
export function WorkspaceSidePanel() {
  const { workspace, isLoading } = useCurrentWorkspace();
  const { user } = useAuth();
  const [dialog, setDialog] = useState<'settings' | 'team' | 'dm' | 'group' | 'video' | null>(null);
  const settingsLoaded = useOpenedOnce(dialog === 'settings');
  const videoLoaded = useOpenedOnce(dialog === 'video');
  const teamLoaded = useOpenedOnce(dialog === 'team');
  const chatLoaded = useOpenedOnce(dialog === 'dm' || dialog === 'group');
  // The chat rooms and video meetings are asked for once the page itself is up; their rows show
  // as skeletons until then. The teams (the home's own query) come at once.
  const firstScreenDone = useFirstScreenDone();
  const secondary = firstScreenDone ? workspace : undefined;

  return (
    <Box
      component="aside"
      aria-label={ko.layout.workspaceSidePanel}
      data-slot="workspace-side-panel"
      data-testid="workspace-side-panel"
      w={{ base: '100%', sm: WORKSPACE_SIDE_PANEL_WIDTH }}
      miw={0}
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', flex: 1 }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {workspace ? (
          <SidePanelWorkspaceName workspace={workspace} />
        ) : (
          <Skeleton h={28} w={140} radius="sm" visible={isLoading} />
        )}
        <Tooltip label={t.settings} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t.settings}
            data-testid="side-panel-settings"
            disabled={!workspace}
            onClick={() => setDialog('settings')}
          >
            <IconSettings size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap="lg" p="sm">
          <MyTasksLink />
          {workspace && <ClassLinks workspace={workspace} />}
          <SidePanelSection
            title={t.teams}
            emptyText={t.noTeams}
            onAdd={() => setDialog('team')}
            testId="side-panel-teams"
          >
            {workspace ? (
              <TeamLinks workspace={workspace} />
            ) : (
              <Skeleton h={28} radius="sm" visible={isLoading} />
            )}
          </SidePanelSection>
          <SidePanelSection
            title={t.directMessages}
            emptyText={t.noDirectMessages}
            onAdd={() => setDialog('dm')}
            testId="side-panel-dms"
          >
            {secondary ? (
              <ChatRoomLinks
                workspaceId={secondary.id}
                myId={user?.id}
                type="PERSONAL"
                emptyText={t.noDirectMessages}
              />
            ) : (
              <Skeleton h={28} radius="sm" visible={isLoading || workspace !== undefined} />
            )}
          </SidePanelSection>
          <SidePanelSection
            title={t.groupChats}
            emptyText={t.noGroupChats}
            onAdd={() => setDialog('group')}
            testId="side-panel-groups"
          >
            {secondary ? (
              <ChatRoomLinks
                workspaceId={secondary.id}
                myId={user?.id}
                type="GROUP"
                emptyText={t.noGroupChats}
              />
            ) : (
              <Skeleton h={28} radius="sm" visible={isLoading || workspace !== undefined} />
            )}
          </SidePanelSection>
          <SidePanelSection
            title={t.videoMeetings}
            emptyText={t.noVideoMeetings}
            onAdd={() => setDialog('video')}
            testId="side-panel-video"
          >
            {secondary ? (
              <VideoRoomLinks
                workspaceId={secondary.id}
                isOwner={secondary.myRole === 'OWNER'}
                canModerate={canModerateWorkspace(secondary.myRole)}
                myId={user?.id}
                emptyText={t.noVideoMeetings}
              />
            ) : (
              <Skeleton h={28} radius="sm" visible={isLoading || workspace !== undefined} />
            )}
          </SidePanelSection>
        </Stack>
      </ScrollArea>
      {workspace && (
        <Suspense fallback={null}>
          {settingsLoaded && (
            <WorkspaceSettingsModal
              workspace={workspace}
              opened={dialog === 'settings'}
              onClose={() => setDialog(null)}
            />
          )}
          {videoLoaded && (
            <CreateVideoRoomDialog
              opened={dialog === 'video'}
              onClose={() => setDialog(null)}
              workspaceId={workspace.id}
            />
          )}
          {teamLoaded && (
            <TeamDialog
              opened={dialog === 'team'}
              onClose={() => setDialog(null)}
              workspaceId={workspace.id}
            />
          )}
          {user && chatLoaded && (
            <NewChatDialog
              opened={dialog === 'dm' || dialog === 'group'}
              onClose={() => setDialog(null)}
              workspaceId={workspace.id}
              myId={user.id}
              initialKind={dialog === 'group' ? 'GROUP' : 'PERSONAL'}
            />
          )}
        </Suspense>
      )}
    </Box>
  );
}
