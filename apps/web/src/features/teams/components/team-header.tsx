import { useState } from 'react';
import { ActionIcon, Badge, Box, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCrown,
  IconDoorExit,
  IconLock,
  IconMessageCircle,
  IconPencil,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Team } from '@teamup/contracts/teams';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../config/paths';
import { teamsKo } from '../../../i18n/ko/teams';
import { canDeleteTeam, canManageTeam } from '../lib/team-access';
import { isWideTeamTab, parseTeamTab } from '../lib/team-tabs';
import { DeleteTeamModal } from './delete-team-modal';
import { EditTeamModal } from './edit-team-modal';
import { LeaveTeamModal } from './leave-team-modal';
import { TeamProgress } from './team-progress';

interface TeamHeaderProps {
  team: Team;
  workspace: Workspace | undefined;
  userId: number | undefined;
}

/**
 * Name, description, leader, member count, progress and the 'team settings' menu. Over the
 * calendar and the kanban board it is one compact line (no description), so the month or the
 * lists fit the screen below it.
 */
export function TeamHeader({ team, workspace, userId }: TeamHeaderProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const compact = isWideTeamTab(parseTeamTab(searchParams.get('tab')));
  const [dialog, setDialog] = useState<'edit' | 'leave' | 'delete' | null>(null);
  const mayLeave = team.isMember;
  const mayDelete = canDeleteTeam(team, userId, workspace);
  const mayEdit = canManageTeam(team, userId, workspace);

  const goHome = (message: string) => {
    setDialog(null);
    notifications.show({ color: 'teal', message });
    void navigate(routes.workspace.href(team.workspaceId), { replace: true });
  };

  const name = (
    <Group gap={8} wrap="nowrap" miw={0}>
      {team.passwordProtected && (
        <IconLock size={20} aria-label={teamsKo.locked} role="img" style={{ flex: 'none' }} />
      )}
      <Title
        order={1}
        fz={compact ? 'h3' : { base: 'h3', sm: 'h2' }}
        lineClamp={compact ? 1 : undefined}
        title={compact ? team.name : undefined}
        style={{ overflowWrap: 'anywhere' }}
        data-testid="team-name"
      >
        {team.name}
      </Title>
    </Group>
  );
  // The team's room, for whoever is in it (decision 0041).
  const chatLink = team.roomId !== null && (
    <ActionIcon
      component={Link}
      to={routes.chat.href(team.workspaceId, team.roomId)}
      variant="default"
      size="lg"
      aria-label={teamsKo.openChat}
      title={teamsKo.openChat}
      data-testid="team-chat-link"
    >
      <IconMessageCircle size={18} />
    </ActionIcon>
  );
  const settingsMenu = (mayLeave || mayDelete || mayEdit) && (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={teamsKo.settings}
          title={teamsKo.settings}
          data-testid="team-settings-menu"
        >
          <IconSettings size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{teamsKo.settings}</Menu.Label>
        {mayEdit && (
          <Menu.Item
            leftSection={<IconPencil size={16} />}
            onClick={() => setDialog('edit')}
            data-testid="team-edit"
          >
            {teamsKo.edit}
          </Menu.Item>
        )}
        {mayLeave && (
          <Menu.Item
            leftSection={<IconDoorExit size={16} />}
            onClick={() => setDialog('leave')}
            data-testid="team-leave"
          >
            {teamsKo.leave}
          </Menu.Item>
        )}
        {mayDelete && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDialog('delete')}
            data-testid="team-delete"
          >
            {teamsKo.delete}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
  const badges = (
    <Group gap="xs" wrap={compact ? 'nowrap' : 'wrap'}>
      <Badge variant="light" leftSection={<IconCrown size={12} />} tt="none">
        {team.leader ? `${teamsKo.leader} ${team.leader.name}` : teamsKo.noLeader}
      </Badge>
      <Badge variant="light" color="gray" tt="none">
        {teamsKo.memberCount(team.memberCount)}
      </Badge>
    </Group>
  );
  const progress = (
    <TeamProgress progress={team.progress} maw={360} w={compact ? 160 : undefined} />
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p={compact ? undefined : { base: 'md', sm: 'lg' }}
      px={compact ? 'md' : undefined}
      py={compact ? 8 : undefined}
      component="header"
      data-compact={compact || undefined}
    >
      {compact ? (
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Group gap="md" wrap="nowrap" miw={0}>
            {name}
            <Box visibleFrom="sm" style={{ flex: 'none' }}>
              {badges}
            </Box>
          </Group>
          <Group gap="md" wrap="nowrap" style={{ flex: 'none' }}>
            <Box visibleFrom="xs">{progress}</Box>
            <Group gap="xs" wrap="nowrap">
              {chatLink}
              {settingsMenu}
            </Group>
          </Group>
        </Group>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            {name}
            <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
              {chatLink}
              {settingsMenu}
            </Group>
          </Group>
          <Text
            size="sm"
            c={team.description ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {team.description || teamsKo.noDescription}
          </Text>
          {badges}
          {progress}
        </Stack>
      )}
      {mayEdit && (
        <EditTeamModal
          team={team}
          userId={userId}
          opened={dialog === 'edit'}
          onClose={() => setDialog(null)}
        />
      )}
      {mayLeave && (
        <LeaveTeamModal
          team={team}
          opened={dialog === 'leave'}
          onClose={() => setDialog(null)}
          onLeft={(result) => goHome(result.teamDeleted ? teamsKo.leftAndDeleted : teamsKo.left)}
        />
      )}
      {mayDelete && (
        <DeleteTeamModal
          team={team}
          opened={dialog === 'delete'}
          onClose={() => setDialog(null)}
          onDeleted={() => goHome(teamsKo.deleted)}
        />
      )}
    </Paper>
  );
}
