import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop } from '@tabler/icons-react';
import type { AuthSession } from '@teamup/contracts/auth';
import { useNavigate } from 'react-router';
import { routes } from '../../../config/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useAuthSessions } from '../api/auth-sessions';
import { useRevokeAuthSession } from '../api/revoke-auth-session';
import { useAuth } from '../../../lib/auth/use-auth';
import { deviceLabel } from '../lib/device-label';

/** The caller's signed-in devices; each can be signed out after a confirmation. */
export function ActiveSessions() {
  const sessions = useAuthSessions();
  const revoke = useRevokeAuthSession();
  const { forgetSession } = useAuth();
  const navigate = useNavigate();

  const handleRevoke = (session: AuthSession) => {
    modals.openConfirmModal({
      title: ko.account.revokeTitle,
      children: (
        <Text size="sm">
          {session.current ? ko.account.revokeCurrentConfirm : ko.account.revokeConfirm}
        </Text>
      ),
      labels: { confirm: ko.account.revoke, cancel: ko.common.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(session.id, {
          onSuccess: () => {
            if (session.current) {
              void navigate(routes.login.href(), { replace: true });
              forgetSession();
              return;
            }
            notifications.show({ color: 'teal', message: ko.account.revoked });
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, { fallback: ko.account.revokeFailed }),
            }),
        }),
    });
  };

  if (sessions.isPending) {
    return (
      <Stack gap="sm">
        <Skeleton h={64} radius="md" />
        <Skeleton h={64} radius="md" />
      </Stack>
    );
  }
  if (sessions.isError) {
    return (
      <ErrorAlert message={errorMessage(sessions.error, { fallback: ko.errors.loadFailed })} />
    );
  }
  if (sessions.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {ko.account.noSessions}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      {sessions.data.map((session) => (
        <Paper key={session.id} withBorder radius="md" p="sm" data-testid="session-row">
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
              <IconDeviceDesktop size={22} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={2} miw={0}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {deviceLabel(session.clientInfo) ?? ko.account.unknownDevice}
                  </Text>
                  {session.current && (
                    <Badge size="sm" color="teal" variant="light">
                      {ko.account.currentDevice}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" data-testid="session-last-used">
                  {/* This device's last use is now, whatever its stored time says. */}
                  {session.current
                    ? ko.account.inUseNow
                    : ko.account.lastUsed(formatRelative(session.lastUsedAt))}
                  {' · '}
                  {ko.account.signedIn(formatDateTime(session.createdAt))}
                </Text>
                {session.ip && (
                  <Text size="xs" c="dimmed">
                    {ko.account.ip(session.ip)}
                  </Text>
                )}
              </Stack>
            </Group>
            <Button
              size="xs"
              variant="light"
              color="red"
              data-testid="session-revoke"
              style={{ flexShrink: 0 }}
              loading={revoke.isPending && revoke.variables === session.id}
              onClick={() => handleRevoke(session)}
            >
              {ko.account.revoke}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
