import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '../config/paths';
import { ko } from '../i18n/ko';
import type { usePublicInvitePreview } from '../lib/queries/public-invite-preview';
import { WorkspaceIcon } from './workspace-icon';

const t = ko.workspaceInvite;

interface InviteBannerProps {
  code: string;
  preview: ReturnType<typeof usePublicInvitePreview>;
  /** Whether the code answered 404/400: the invite is no good. */
  invalid: boolean;
  /**
   * On the login page the banner also offers sign-up (most invitees are new), except just after
   * one (`signedUp`).
   */
  mode: 'login' | 'signup' | 'signedUp';
}

/**
 * The invitation a logged-out person followed, above the login or sign-up form: which workspace,
 * how many members, and that logging in (or signing up, then logging in) joins it.
 */
export function InviteBanner({ code, preview, invalid, mode }: InviteBannerProps) {
  if (preview.isPending) {
    return (
      <Alert
        color="indigo"
        variant="light"
        icon={<Loader size={16} />}
        data-testid="invite-banner-loading"
        style={{ wordBreak: 'keep-all' }}
      >
        <span role="status">{t.loading}</span>
      </Alert>
    );
  }
  if (invalid) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        data-testid="invite-banner-invalid"
        style={{ wordBreak: 'keep-all' }}
      >
        {t.invalid}
      </Alert>
    );
  }
  if (preview.isError) {
    return (
      <Alert
        color="indigo"
        variant="light"
        icon={<IconMailForward size={18} />}
        data-testid="invite-banner"
        style={{ wordBreak: 'keep-all' }}
      >
        {t.unavailable}
      </Alert>
    );
  }
  const { name, iconUrl, memberCount } = preview.data;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-indigo-0)"
      // Korean breaks between words, long names anywhere.
      style={{
        borderColor: 'var(--mantine-color-indigo-2)',
        wordBreak: 'keep-all',
        overflowWrap: 'anywhere',
      }}
      data-testid="invite-banner"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <WorkspaceIcon name={name} iconUrl={iconUrl} size={40} />
          <Stack gap={0} miw={0}>
            <Title order={2} fz="md">
              {t.title(name)}
            </Title>
            <Text size="sm" c="gray.7">
              {ko.member.count(memberCount)}
            </Text>
          </Stack>
        </Group>
        <Text size="sm">{mode === 'signup' ? t.signupHint : t.loginHint}</Text>
        {mode === 'login' && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="gray.7">
              {t.newHere}
            </Text>
            <Button
              component={Link}
              to={routes.signup.href({ inviteCode: code })}
              size="xs"
              variant="filled"
              data-testid="invite-signup"
            >
              {t.signupAndJoin}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
