import { useEffect } from 'react';
import { Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { deliveryEndpoints } from '@teamup/contracts/delivery';
import { pathOf } from '@teamup/contracts/endpoint';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { notificationsKo } from '../../../i18n/ko/notifications';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';

const t = notificationsKo.delivery.unsubscribe;

/**
 * /digest-unsubscribe?token=…: where a digest mail's "그만 받기" link lands. Opening it stops the
 * digest mails (the link's token is the credential); nothing else of the account changes. A
 * link scanner that fetches the page gets the app's shell only (the hash never reaches the
 * server), so no mail is stopped without this page running.
 */
export function DigestUnsubscribePage() {
  useDocumentTitle([t.title, ko.brand]);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () =>
      api.post<void>(
        `${pathOf(deliveryEndpoints.unsubscribeDigest)}?${new URLSearchParams({ token })}`,
        {},
      ),
  });
  const { mutate } = unsubscribe;
  useEffect(() => {
    mutate();
  }, [mutate]);

  return (
    <Stack gap="md" align="center" ta="center" data-testid="digest-unsubscribe">
      <Title order={1} fz="h3">
        {t.title}
      </Title>
      {(unsubscribe.isIdle || unsubscribe.isPending) && (
        <Stack gap="xs" align="center" role="status">
          <Loader size="sm" />
          <Text size="sm">{t.working}</Text>
        </Stack>
      )}
      {unsubscribe.isSuccess && (
        <Stack gap="xs" align="center" role="status">
          <ThemeIcon color="teal" variant="light" size="xl" radius="xl">
            <IconCircleCheck aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{t.done}</Text>
          <Text size="sm" c="dimmed">
            {t.doneHint}
          </Text>
        </Stack>
      )}
      {unsubscribe.isError && (
        <Stack gap="xs" align="center" role="alert">
          <ThemeIcon color="red" variant="light" size="xl" radius="xl">
            <IconAlertTriangle aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{t.failed}</Text>
          <Text size="sm">{errorMessage(unsubscribe.error)}</Text>
          <Button variant="light" size="sm" onClick={() => mutate()}>
            {t.retry}
          </Button>
        </Stack>
      )}
      <Group justify="center">
        <Button component={Link} to={routes.notifications.href()} variant="subtle" size="sm">
          {t.settings}
        </Button>
      </Group>
    </Stack>
  );
}
