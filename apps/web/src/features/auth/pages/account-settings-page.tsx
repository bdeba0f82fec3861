import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { calendarFeedKo } from '../../../i18n/ko/calendar-feed';
import { tokensKo } from '../../../i18n/ko/tokens';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDate } from '../../../lib/dates';
import { useAuthProviders } from '../api/auth-providers';
import { ActiveSessions } from '../components/active-sessions';
import { CalendarFeedSettings } from '../components/calendar-feed-settings';
import { ChangePasswordForm } from '../components/change-password-form';
import { LinkedAccounts, useSocialAccountRows } from '../components/linked-accounts';
import { PersonalTokens } from '../components/personal-tokens';
import { TwoFactorSettings } from '../components/two-factor-settings';
import { useAuth } from '../../../lib/auth/use-auth';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function InfoItem({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2} maw="100%">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** What `?linked=` announces: the school's sign-on by its configured name; null if unknown. */
function linkedMessage(linked: string | null, ssoName: string | undefined): string | null {
  if (linked === 'google') return ko.linkedAccounts.linkedNow(ko.providers.GOOGLE);
  if (linked === 'kakao') return ko.linkedAccounts.linkedNow(ko.providers.KAKAO);
  if (linked === 'sso') return ko.linkedAccounts.linkedSsoNow(ssoName ?? ko.providers.SSO);
  return null;
}

/** After linking a provider the server sends the browser back with `?linked=`: say so once. */
function useLinkedNotice() {
  const [params, setParams] = useSearchParams();
  const linked = params.get('linked');
  const providers = useAuthProviders();
  // The school's sign-on is named as the admin configured it: once the providers have answered.
  const waiting = linked === 'sso' && providers.isPending;
  const ssoName = providers.data?.sso?.name;
  useEffect(() => {
    if (waiting) return;
    const message = linkedMessage(linked, ssoName);
    if (!message) return;
    notifications.show({ color: 'teal', message });
    setParams({}, { replace: true });
  }, [linked, ssoName, waiting, setParams]);
}

/** /my-page/account-settings: account info, password, 2-step, links, feeds, tokens, devices. */
export function AccountSettingsPage() {
  useDocumentTitle([ko.account.title, ko.brand]);
  const { user } = useAuth();
  const socialRows = useSocialAccountRows();
  useLinkedNotice();
  if (!user) return null;
  const isLocal = user.provider === 'LOCAL';

  return (
    <Stack maw={760} mx="auto" gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h2">
          {ko.account.title}
        </Title>
        <Anchor component={Link} to={routes.myPage.href()} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} />
            {ko.profileEdit.backToMyPage}
          </Group>
        </Anchor>
      </Group>
      <Section title={ko.account.info}>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <InfoItem label={ko.account.email} value={user.email} />
          <InfoItem label={ko.account.provider} value={ko.providers[user.provider]} />
          <InfoItem label={ko.account.createdAt} value={formatDate(user.createdAt)} />
        </Group>
      </Section>
      <Section title={ko.account.passwordTitle}>
        {isLocal ? (
          <ChangePasswordForm />
        ) : (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
            {ko.account.socialNotice}
          </Alert>
        )}
      </Section>
      <Section title={ko.twoFactor.sectionTitle}>
        <TwoFactorSettings hasPassword={isLocal} />
      </Section>
      {socialRows.state !== 'hidden' && (
        <Section title={ko.linkedAccounts.title}>
          <LinkedAccounts />
        </Section>
      )}
      <Section title={calendarFeedKo.title}>
        <CalendarFeedSettings />
      </Section>
      {/* The confirm dialogs of @mantine/modals (revoking a token, signing a device out): this
          page alone opens them, so the provider and its Modal load with it rather than with
          every page. */}
      <ModalsProvider
        labels={{ confirm: ko.common.confirm, cancel: ko.common.cancel }}
        modalProps={{ centered: true }}
      >
        <Section title={tokensKo.title}>
          <PersonalTokens />
        </Section>
        <Section title={ko.account.sessionsTitle}>
          <Text size="sm" c="dimmed">
            {ko.account.sessionsHint}
          </Text>
          <ActiveSessions />
        </Section>
      </ModalsProvider>
    </Stack>
  );
}
