import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OauthProvider } from '@teamup/contracts/auth';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { errorMessage } from '../../../lib/error-message';
import { useAuthProviders } from '../api/auth-providers';
import { useOauthLinks, useStartOauthLink, useUnlinkOauth } from '../api/oauth-links';

const t = ko.linkedAccounts;
const providers: Array<{ key: OauthProvider; label: string }> = [
  { key: 'google', label: ko.providers.GOOGLE },
  { key: 'kakao', label: ko.providers.KAKAO },
];

/** Google and Kakao identities linked to the account; unlinking needs a password first. */
export function LinkedAccounts() {
  const links = useOauthLinks();
  const unlink = useUnlinkOauth();
  const startLink = useStartOauthLink();
  const configured = useAuthProviders().data;
  if (links.isPending) return <Loader size="sm" />;
  if (links.isError) return <ErrorAlert message={errorMessage(links.error)} />;
  return (
    <Stack gap="xs">
      {providers.map(({ key, label }) => (
        <Group key={key} justify="space-between" wrap="nowrap" data-testid={`linked-${key}`}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Badge color={links.data[key] ? 'teal' : 'gray'} variant="light" tt="none">
              {links.data[key] ? t.linked : t.notLinked}
            </Badge>
          </Group>
          {!links.data[key] && configured?.[key] && (
            <Button
              size="xs"
              variant="light"
              loading={startLink.isPending && startLink.variables === key}
              onClick={() => startLink.mutate(key)}
              data-testid={`link-${key}`}
            >
              {t.link}
            </Button>
          )}
          {links.data[key] && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={!links.data.hasPassword}
              loading={unlink.isPending && unlink.variables === key}
              onClick={() =>
                unlink.mutate(key, {
                  onSuccess: () => notifications.show({ color: 'teal', message: t.unlinked }),
                })
              }
            >
              {t.unlink}
            </Button>
          )}
        </Group>
      ))}
      {!links.data.hasPassword && (links.data.google || links.data.kakao) && (
        <Text size="xs" c="dimmed">
          {t.needsPassword}
        </Text>
      )}
      <ErrorAlert message={unlink.isError ? errorMessage(unlink.error) : null} />
      <ErrorAlert message={startLink.isError ? errorMessage(startLink.error) : null} />
    </Stack>
  );
}
