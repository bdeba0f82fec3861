import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OauthProvider } from '@teamup/contracts/auth';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { errorMessage } from '../../../lib/error-message';
import { useAuthProviders, type AuthProviders } from '../api/auth-providers';
import { useOauthLinks, useStartOauthLink, useUnlinkOauth } from '../api/oauth-links';

const t = ko.linkedAccounts;

/** One provider row of the section: its key and the name it is shown by. */
export interface SocialAccountRow {
  key: OauthProvider;
  label: string;
}

const providerKeys: readonly OauthProvider[] = ['sso', 'google', 'kakao'];

/** The row's name: the school's sign-on by the name the admin configured, when known. */
function labelOf(key: OauthProvider, offered: AuthProviders): string {
  if (key === 'google') return ko.providers.GOOGLE;
  if (key === 'kakao') return ko.providers.KAKAO;
  return offered.sso?.name ?? ko.providers.SSO;
}

/** Whether the server can link `key` now. */
function isOffered(offered: AuthProviders | undefined, key: OauthProvider): boolean {
  if (!offered) return false;
  return key === 'sso' ? offered.sso !== null : offered[key];
}

export type SocialAccountRows =
  | { state: 'hidden' }
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
  | { state: 'ready'; rows: SocialAccountRow[] };

/**
 * Which providers the linked-accounts section lists: one the server can link now (configured),
 * or one already linked (so it can still be unlinked). With none, the section is not shown at
 * all rather than rows saying "not linked" with nothing to do about it.
 */
export function useSocialAccountRows(): SocialAccountRows {
  const configured = useAuthProviders();
  const links = useOauthLinks();
  if (configured.isPending) return { state: 'hidden' };
  // The providers call answers "none" on any failure: then only linked identities show.
  const offered = configured.data ?? { google: false, kakao: false, sso: null };
  const anyOffered = offered.google || offered.kakao || offered.sso !== null;
  if (links.isPending) return anyOffered ? { state: 'loading' } : { state: 'hidden' };
  if (links.isError) {
    return anyOffered ? { state: 'error', error: links.error } : { state: 'hidden' };
  }
  const rows = providerKeys
    .filter((key) => isOffered(offered, key) || links.data[key])
    .map((key) => ({ key, label: labelOf(key, offered) }));
  return rows.length > 0 ? { state: 'ready', rows } : { state: 'hidden' };
}

/**
 * The school's sign-on, Google and Kakao identities linked to the account; unlinking needs a
 * password first.
 */
export function LinkedAccounts() {
  const links = useOauthLinks();
  const unlink = useUnlinkOauth();
  const startLink = useStartOauthLink();
  const configured = useAuthProviders().data;
  const shown = useSocialAccountRows();
  if (shown.state === 'hidden') return null;
  if (shown.state === 'error') return <ErrorAlert message={errorMessage(shown.error)} />;
  if (shown.state === 'loading' || !links.data) return <Loader size="sm" />;
  return (
    <Stack gap="xs">
      {shown.rows.map(({ key, label }) => (
        <Group key={key} justify="space-between" wrap="nowrap" data-testid={`linked-${key}`}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Badge color={links.data[key] ? 'teal' : 'gray'} variant="light" tt="none">
              {links.data[key] ? t.linked : t.notLinked}
            </Badge>
          </Group>
          {!links.data[key] && isOffered(configured, key) && (
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
      {!links.data.hasPassword && providerKeys.some((key) => links.data[key]) && (
        <Text size="xs" c="dimmed">
          {t.needsPassword}
        </Text>
      )}
      <ErrorAlert message={unlink.isError ? errorMessage(unlink.error) : null} />
      <ErrorAlert message={startLink.isError ? errorMessage(startLink.error) : null} />
    </Stack>
  );
}
