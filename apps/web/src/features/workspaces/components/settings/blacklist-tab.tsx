import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import type { BannedUser, Workspace } from '@teamup/contracts/workspaces';
import { workspacesKo } from '../../../../i18n/ko/workspaces';
import { formatDate } from '../../../../lib/dates';
import { errorMessage } from '../../../../lib/error-message';
import { useBlacklist } from '../../api/blacklist';
import { useUnbanMember } from '../../api/unban-member';
import { useConfirmAction, type ConfirmActionOptions } from './confirm-action';
import { showSettingsToast } from '../../lib/settings-toast';
import { MemberAvatar } from '../../../../components/member-avatar';

const t = workspacesKo.settings;

interface BlacklistRowProps {
  entry: BannedUser;
  workspaceId: number;
  confirmAction: (options: ConfirmActionOptions) => void;
}

function BlacklistRow({ entry, workspaceId, confirmAction }: BlacklistRowProps) {
  const unban = useUnbanMember();
  const handleUnban = () =>
    confirmAction({
      title: t.unbanTitle,
      message: t.unbanConfirm(entry.user.name),
      confirmLabel: t.unban,
      onConfirm: () =>
        unban.mutate(
          { workspaceId, userId: entry.user.id },
          {
            onSuccess: () => showSettingsToast({ color: 'teal', message: t.unbanned }),
            onError: (error) =>
              showSettingsToast({
                color: 'red',
                message: errorMessage(error, { fallback: t.unbanFailed }),
              }),
          },
        ),
    });

  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      py="xs"
      data-testid="blacklist-row"
      data-user-id={entry.user.id}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
        <MemberAvatar name={entry.user.name} imageUrl={entry.user.profileImageUrl} decorative />
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm" truncate="end">
            {entry.user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {entry.user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {t.bannedAt(formatDate(entry.bannedAt))}
            {entry.bannedBy && ` · ${t.bannedBy(entry.bannedBy.name)}`}
          </Text>
        </Stack>
      </Group>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconUserCheck size={14} />}
        loading={unban.isPending}
        onClick={handleUnban}
        data-testid="unban-button"
      >
        {t.unban}
      </Button>
    </Group>
  );
}

/** Owner and admins: the banned users, each with an unban after a confirmation. */
export function BlacklistTab({ workspace }: { workspace: Workspace }) {
  const blacklist = useBlacklist(workspace.id);
  const { confirm, confirmElement } = useConfirmAction();
  if (blacklist.isPending) {
    return (
      <Stack gap="sm">
        <Skeleton h={48} />
        <Skeleton h={48} />
      </Stack>
    );
  }
  if (blacklist.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {errorMessage(blacklist.error, { fallback: t.blacklistFailed })}
      </Text>
    );
  }
  if (blacklist.data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t.blacklistEmpty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {blacklist.data.map((entry) => (
        <BlacklistRow
          key={entry.user.id}
          entry={entry}
          workspaceId={workspace.id}
          confirmAction={confirm}
        />
      ))}
      {confirmElement}
    </Stack>
  );
}
