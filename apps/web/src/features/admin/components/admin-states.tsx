import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { adminMessages } from '@teamup/contracts/admin';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { ErrorAlert } from '../../../components/error-alert';
import { adminKo } from '../../../i18n/ko/admin';
import { errorMessage, hasCode } from '../../../lib/error-message';

const t = adminKo;

/**
 * What someone who is not an instance admin sees instead of the page (or of a tab the server
 * refused).
 */
export function AdminForbidden() {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="admin-forbidden">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {t.forbidden.title}
        </Title>
        <Text>{adminMessages.adminRequired}</Text>
        <Text size="sm" c="dimmed">
          {t.forbidden.hint}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * A query of the page that failed: 권한 없음 when the server says the caller is no instance admin
 * (the role changed since the session was read), else the server's Korean detail and a retry.
 */
export function AdminLoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  if (hasCode(error, ErrorCode.ADMIN_REQUIRED)) return <AdminForbidden />;
  return (
    <Stack gap="xs" align="flex-start" data-testid="admin-load-error">
      <ErrorAlert message={errorMessage(error, { fallback })} />
      <Button variant="default" onClick={onRetry}>
        {t.retry}
      </Button>
    </Stack>
  );
}
