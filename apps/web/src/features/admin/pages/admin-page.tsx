// Must come first: configures zod before the admin contract's schemas are built (they are, as
// soon as the page's api and components load it).
import '../../../lib/zod-setup';
import { useEffect } from 'react';
import { Center, Divider, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconChartBar,
  IconHistory,
  IconMailPlus,
  IconSettings,
  IconShieldLock,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ko } from '../../../i18n/ko';
import { adminKo } from '../../../i18n/ko/admin';
import { useAuth } from '../../../lib/auth/use-auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { AdminAudit } from '../components/admin-audit';
import { AdminStats } from '../components/admin-stats';
import { AdminForbidden } from '../components/admin-states';
import { AdminUsers } from '../components/admin-users';
import { Invitations } from '../components/invitations';
import { RegistrationPolicyForm } from '../components/registration-policy';

const t = adminKo;

const ADMIN_TABS = ['overview', 'users', 'policy', 'audit'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

const icons: Record<AdminTab, Icon> = {
  overview: IconChartBar,
  users: IconUsers,
  policy: IconSettings,
  audit: IconHistory,
};

/** The tab named in the address; the overview when it names none or an unknown one. */
function parseAdminTab(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab === value) ?? 'overview';
}

function PolicyTab() {
  return (
    <Stack gap="xl">
      <RegistrationPolicyForm />
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="admin-invitations-title">
        <Group gap="xs">
          <IconMailPlus size={20} aria-hidden />
          <Title order={2} fz="h4" id="admin-invitations-title">
            {t.invitations.title}
          </Title>
        </Group>
        <Invitations />
      </Stack>
    </Stack>
  );
}

/** The four tabs; the chosen one is kept in the address (`?tab=`), replacing history. */
function AdminTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const tab = parseAdminTab(raw);

  useEffect(() => {
    if (raw === null || raw === tab) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  }, [raw, tab, setSearchParams]);

  const choose = (value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', parseAdminTab(value));
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List aria-label={t.tabsLabel} style={{ flexWrap: 'wrap' }}>
        {ADMIN_TABS.map((value) => {
          const TabIcon = icons[value];
          return (
            <Tabs.Tab
              key={value}
              value={value}
              leftSection={<TabIcon size={16} aria-hidden />}
              data-testid={`admin-tab-${value}`}
              style={{ flex: 'none' }}
            >
              {t.tabs[value]}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Tabs.Panel value="overview" pt="md">
        <AdminStats />
      </Tabs.Panel>
      <Tabs.Panel value="users" pt="md">
        <AdminUsers />
      </Tabs.Panel>
      <Tabs.Panel value="policy" pt="md">
        <PolicyTab />
      </Tabs.Panel>
      <Tabs.Panel value="audit" pt="md">
        <AdminAudit />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * /admin: the instance admin's page (issue 46), its figures, people, registration policy,
 * invitations and audit log. Anyone else sees 권한 없음 (and the server answers them 403
 * ADMIN_REQUIRED).
 */
export function AdminPage() {
  useDocumentTitle([t.title, ko.brand]);
  const { user } = useAuth();

  return (
    <Stack maw={1400} mx="auto" gap="lg" w="100%" data-testid="admin-page">
      <Stack gap={4}>
        <Group gap="xs">
          <IconShieldLock size={26} aria-hidden />
          <Title order={1} fz="h2">
            {t.title}
          </Title>
        </Group>
        {user?.role === 'ADMIN' && (
          <Text size="sm" c="dimmed">
            {t.subtitle}
          </Text>
        )}
      </Stack>
      {user === null ? (
        <Center py="xl">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t.loading}
            </Text>
          </Group>
        </Center>
      ) : user.role === 'ADMIN' ? (
        <AdminTabs />
      ) : (
        <AdminForbidden />
      )}
    </Stack>
  );
}
