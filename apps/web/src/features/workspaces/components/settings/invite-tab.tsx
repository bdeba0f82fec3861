import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Divider,
  Group,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDoorExit, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Workspace } from '@teamup/contracts/workspaces';
import { routes } from '../../../../config/paths';
import { workspacesKo } from '../../../../i18n/ko/workspaces';
import { errorMessage } from '../../../../lib/error-message';
import { useLeaveWorkspace } from '../../api/leave-workspace';
import { copyText } from '../../../../lib/copy-text';
import { inviteLink } from '../../lib/settings-tabs';
import { showSettingsToast } from '../../lib/settings-toast';
import { clearRedirectFlag } from '../../../../lib/workspace-storage';
import { useConfirmAction } from './confirm-action';

const t = workspacesKo.settings;

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const handleCopy = async () => {
    const copied = await copyText(value);
    showSettingsToast(
      copied ? { color: 'teal', message: t.copied } : { color: 'red', message: t.copyFailed },
    );
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          block
          data-testid={testId}
          style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {value}
        </Code>
        <Tooltip label={`${label} ${t.copy}`} withArrow>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={`${label} ${t.copy}`}
            onClick={() => void handleCopy()}
          >
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

interface InviteTabProps {
  workspace: Workspace;
  onClose: () => void;
}

/** Everyone: the invite code and link with copy buttons; members other than the owner may leave. */
export function InviteTab({ workspace, onClose }: InviteTabProps) {
  const leave = useLeaveWorkspace();
  const navigate = useNavigate();
  const { confirm, confirmElement } = useConfirmAction();
  const link = inviteLink(window.location.origin, routes.workspace.href(workspace.inviteCode));

  const handleLeave = () =>
    confirm({
      title: t.leaveTitle,
      message: t.leaveConfirm(workspace.name),
      confirmLabel: t.leaveButton,
      onConfirm: () =>
        leave.mutate(workspace.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t.left });
            clearRedirectFlag();
            onClose();
            void navigate(routes.home.href(), { replace: true });
          },
          onError: (error) =>
            showSettingsToast({
              color: 'red',
              message: errorMessage(error, { fallback: t.leaveFailed }),
            }),
        }),
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.inviteHint}
      </Text>
      <CopyRow label={t.inviteCode} value={workspace.inviteCode} testId="invite-code" />
      <CopyRow label={t.inviteLink} value={link} testId="invite-link" />
      {workspace.passwordProtected && (
        <Alert variant="light" color="yellow" icon={<IconLock size={18} />}>
          {t.invitePasswordNote}
        </Alert>
      )}
      {workspace.myRole !== 'OWNER' && (
        <>
          <Divider />
          <Stack gap={6}>
            <Text fw={600}>{t.leaveTitle}</Text>
            <Text size="sm" c="dimmed">
              {t.leaveDescription}
            </Text>
            <Group>
              <Button
                variant="light"
                color="red"
                leftSection={<IconDoorExit size={16} />}
                loading={leave.isPending}
                onClick={handleLeave}
                data-testid="leave-workspace"
              >
                {t.leaveButton}
              </Button>
            </Group>
          </Stack>
          {confirmElement}
        </>
      )}
    </Stack>
  );
}
