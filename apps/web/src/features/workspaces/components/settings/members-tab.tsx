import { Badge, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconBan, IconShield, IconShieldOff, IconUserMinus } from '@tabler/icons-react';
import type { Workspace, WorkspaceMember, WorkspaceRole } from '@teamup/contracts/workspaces';
import { workspacesKo } from '../../../../i18n/ko/workspaces';
import { errorMessage } from '../../../../lib/error-message';
import { useAuth } from '../../../../lib/auth/use-auth';
import { useBanMember } from '../../api/ban-member';
import { useChangeMemberRole } from '../../api/change-member-role';
import { useKickMember } from '../../api/kick-member';
import { useWorkspaceMembers } from '../../../../lib/queries/workspace-members';
import { useConfirmAction, type ConfirmActionOptions } from './confirm-action';
import { showSettingsToast } from '../../lib/settings-toast';
import { assignableRoles } from '../../lib/settings-tabs';
import { MemberAvatar } from '../../../../components/member-avatar';

const t = workspacesKo.settings;

const roleColors: Record<WorkspaceRole, string> = {
  OWNER: 'grape',
  ADMIN: 'indigo',
  INSTRUCTOR: 'teal',
  TA: 'cyan',
  MEMBER: 'gray',
};

interface MemberRowProps {
  member: WorkspaceMember;
  workspace: Workspace;
  isSelf: boolean;
  confirmAction: (options: ConfirmActionOptions) => void;
}

function MemberRow({ member, workspace, isSelf, confirmAction }: MemberRowProps) {
  const kick = useKickMember();
  const ban = useBanMember();
  const changeRole = useChangeMemberRole();
  const target = { workspaceId: workspace.id, userId: member.id };
  // Nobody acts on themselves, and the owner is never kicked or banned (spec 01 section 6).
  const canAct = !isSelf && member.role !== 'OWNER';
  const roles = canAct ? assignableRoles(workspace.myRole, member.role, workspace.isClass) : [];
  // Outside a class the owner toggles admin; in a class a role is chosen among several.
  const canChangeRole = roles.length > 0 && !workspace.isClass;
  const choosesRole = roles.length > 0 && workspace.isClass;
  const busy = kick.isPending || ban.isPending || changeRole.isPending;

  const failed = (fallback: string) => (error: unknown) =>
    showSettingsToast({ color: 'red', message: errorMessage(error, { fallback }) });

  const handleRole = (
    role: Exclude<WorkspaceRole, 'OWNER'> = member.role === 'ADMIN' ? 'MEMBER' : 'ADMIN',
  ) =>
    changeRole.mutate(
      { ...target, role },
      {
        onSuccess: () => showSettingsToast({ color: 'teal', message: t.roleChanged }),
        onError: failed(t.roleFailed),
      },
    );

  const handleKick = () =>
    confirmAction({
      title: t.kickTitle,
      message: t.kickConfirm(member.name),
      confirmLabel: t.kick,
      onConfirm: () =>
        kick.mutate(target, {
          onSuccess: () => showSettingsToast({ color: 'teal', message: t.kicked }),
          onError: failed(t.kickFailed),
        }),
    });

  const handleBan = () =>
    confirmAction({
      title: t.banTitle,
      message: t.banConfirm(member.name),
      confirmLabel: t.ban,
      onConfirm: () =>
        ban.mutate(target, {
          onSuccess: () => showSettingsToast({ color: 'teal', message: t.banned }),
          onError: failed(t.banFailed),
        }),
    });

  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      py="xs"
      data-testid="settings-member-row"
      data-user-id={member.id}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
        <MemberAvatar name={member.name} imageUrl={member.profileImageUrl} decorative />
        <Stack gap={0} miw={0}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" truncate="end">
              {member.name}
            </Text>
            {isSelf && (
              <Text size="xs" c="dimmed">
                ({t.you})
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {member.email}
          </Text>
        </Stack>
        <Badge color={roleColors[member.role]} variant="light" style={{ flexShrink: 0 }}>
          {workspacesKo.roles[member.role]}
        </Badge>
      </Group>
      {canAct && (
        <Group gap={6} wrap="wrap" justify="flex-end">
          {choosesRole && (
            <Select
              size="xs"
              w={110}
              aria-label={t.roleLabel(member.name)}
              data={roles.map((role) => ({ value: role, label: workspacesKo.roles[role] }))}
              value={member.role}
              allowDeselect={false}
              disabled={busy}
              onChange={(value) => {
                const chosen = roles.find((role) => role === value);
                if (chosen && chosen !== member.role) handleRole(chosen);
              }}
              data-testid="member-role-select"
            />
          )}
          {canChangeRole && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={
                member.role === 'ADMIN' ? <IconShieldOff size={14} /> : <IconShield size={14} />
              }
              disabled={busy}
              onClick={() => handleRole()}
              data-testid="member-role-toggle"
            >
              {member.role === 'ADMIN' ? t.removeAdmin : t.makeAdmin}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            leftSection={<IconUserMinus size={14} />}
            disabled={busy}
            onClick={handleKick}
            data-testid="member-kick"
          >
            {t.kick}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconBan size={14} />}
            disabled={busy}
            onClick={handleBan}
            data-testid="member-ban"
          >
            {t.ban}
          </Button>
        </Group>
      )}
    </Group>
  );
}

/** Owner and admins: every member with a role badge; kick, ban and (owner) admin rights. */
export function MembersTab({ workspace }: { workspace: Workspace }) {
  const { user } = useAuth();
  const members = useWorkspaceMembers(workspace.id);
  const { confirm, confirmElement } = useConfirmAction();

  if (members.isPending) {
    return (
      <Stack gap="sm" aria-label={t.membersLoading}>
        <Skeleton h={48} />
        <Skeleton h={48} />
        <Skeleton h={48} />
      </Stack>
    );
  }
  if (members.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {errorMessage(members.error, { fallback: t.membersFailed })}
      </Text>
    );
  }
  if (members.data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t.membersEmpty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {members.data.map((member) => (
        <MemberRow
          key={member.id}
          member={member}
          workspace={workspace}
          isSelf={member.id === user?.id}
          confirmAction={confirm}
        />
      ))}
      {confirmElement}
    </Stack>
  );
}
