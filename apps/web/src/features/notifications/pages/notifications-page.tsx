import { useState } from 'react';
import {
  Badge,
  Button,
  Center,
  Collapse,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell, IconChecks, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  notificationKinds,
  type Notification,
  type NotificationKind,
} from '@teamup/contracts/notifications';
import { ErrorAlert } from '../../../components/error-alert';
import { Pagination } from '../../../components/pagination';
import { ko } from '../../../i18n/ko';
import { notificationsKo } from '../../../i18n/ko/notifications';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatRelative } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NOTIFICATION_PAGE_SIZE, useNotifications } from '../api/notifications';
import { usePreferences, useUpdatePreferences } from '../api/preferences';
import { DeliverySettingsSection } from '../components/delivery-settings';
import { PushSettingsSection } from '../components/push-settings';
import {
  askBrowserPermission,
  browserNotificationsSupported,
  browserNotificationsWanted,
  setBrowserNotificationsWanted,
} from '../lib/browser-notifications';

const t = notificationsKo;

function NotificationRow({
  item,
  onView,
  onRead,
  busy,
}: {
  item: Notification;
  onView: (item: Notification) => void;
  onRead: (item: Notification) => void;
  busy: boolean;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="notification-item"
      data-read={item.read ? 'true' : 'false'}
      bg={item.read ? undefined : 'var(--mantine-color-blue-0)'}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
          <Group gap={6} wrap="nowrap">
            {!item.read && (
              <Badge
                size="xs"
                color="blue"
                variant="filled"
                circle
                role="img"
                aria-label={t.unreadLabel}
              >
                {' '}
              </Badge>
            )}
            <Text size="sm" fw={item.read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
              {item.message}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t.kinds[item.kind]} · {formatRelative(item.timestamp)}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onView(item)}
            data-testid="notification-view"
          >
            {t.view}
          </Button>
          {!item.read && (
            <Button
              size="compact-sm"
              variant="default"
              loading={busy}
              onClick={() => onRead(item)}
              data-testid="notification-read"
            >
              {t.read}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The 'messenger notification' toggle: real browser notifications, asked on the click. */
function BrowserToggle() {
  const [on, setOn] = useState(
    () =>
      browserNotificationsWanted() &&
      browserNotificationsSupported() &&
      Notification.permission === 'granted',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const handleChange = async (wanted: boolean) => {
    setProblem(null);
    if (!wanted) {
      setBrowserNotificationsWanted(false);
      setOn(false);
      return;
    }
    if (!browserNotificationsSupported()) {
      setProblem(t.browserUnsupported);
      return;
    }
    const allowed = await askBrowserPermission();
    setBrowserNotificationsWanted(allowed);
    setOn(allowed);
    if (!allowed) setProblem(t.browserDenied);
  };
  return (
    <Stack gap={4}>
      <Switch
        checked={on}
        onChange={(event) => void handleChange(event.currentTarget.checked)}
        label={t.browserToggle}
        description={t.browserHint}
        data-testid="browser-notifications-toggle"
      />
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

/** Which kinds the person wants, kept on the server. */
function KindPreferences() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  if (preferences.isPending) return <Loader size="sm" />;
  if (preferences.isError) return <ErrorAlert message={errorMessage(preferences.error)} />;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t.kindsTitle}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {notificationKinds.map((kind: NotificationKind) => (
          <Switch
            key={kind}
            size="sm"
            checked={preferences.data[kind]}
            label={t.kinds[kind]}
            onChange={(event) =>
              update.mutate(
                { [kind]: event.currentTarget.checked },
                {
                  onError: () => toasts.show({ color: 'red', message: t.preferencesFailed }),
                },
              )
            }
            data-testid={`preference-${kind}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /notifications: the centre of spec 02, backed by the server and kept current live. */
export function NotificationsPage() {
  useDocumentTitle([notificationsKo.title, ko.brand]);
  const [page, setPage] = useState(0);
  const list = useNotifications(page);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();

  const handleRead = (item: Notification) =>
    markRead.mutate(item.id, {
      onError: (error) =>
        toasts.show({ color: 'red', message: errorMessage(error, { fallback: t.actionFailed }) }),
    });
  const handleView = (item: Notification) => {
    if (!item.read) handleRead(item);
    void navigate(item.link);
  };
  const unreadOnPage = list.data?.content.some((item) => !item.read) ?? false;
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <Stack maw={760} mx="auto" gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconSettings size={16} />}
            onClick={() => setSettingsOpen((open) => !open)}
            aria-expanded={settingsOpen}
            data-testid="notifications-settings"
          >
            {t.settings}
          </Button>
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            disabled={!unreadOnPage}
            loading={markRead.isPending && markRead.variables === 'ALL'}
            onClick={() =>
              markRead.mutate('ALL', {
                onSuccess: () => toasts.show({ color: 'teal', message: t.allRead }),
              })
            }
            data-testid="notifications-read-all"
          >
            {t.markAllRead}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={settingsOpen}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <BrowserToggle />
            <PushSettingsSection />
            <Divider />
            <KindPreferences />
            <Divider />
            <DeliverySettingsSection />
          </Stack>
        </Paper>
      </Collapse>
      {list.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {list.isError && (
        <Stack align="center" gap="sm">
          <ErrorAlert message={errorMessage(list.error, { fallback: t.loadFailed })} />
          <Button variant="light" onClick={() => void list.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      )}
      {list.isSuccess && list.data.totalElements === 0 && (
        <Stack align="center" gap={4} py="xl" data-testid="notifications-empty">
          <IconBell size={36} stroke={1.4} color="var(--mantine-color-gray-5)" />
          <Text fw={600}>{t.empty}</Text>
          <Text size="sm" c="dimmed">
            {t.emptyHint}
          </Text>
        </Stack>
      )}
      {list.isSuccess && list.data.content.length > 0 && (
        <Stack gap="xs" data-testid="notification-list">
          {list.data.content.map((item) => (
            <NotificationRow
              key={item.id}
              item={item}
              onView={handleView}
              onRead={handleRead}
              busy={markRead.isPending && markRead.variables === item.id}
            />
          ))}
          <Pagination
            page={page}
            pageSize={NOTIFICATION_PAGE_SIZE}
            totalElements={list.data.totalElements}
            onChange={setPage}
          />
        </Stack>
      )}
    </Stack>
  );
}
