import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { notificationsKo } from '../../../i18n/ko/notifications';
import { useAuth } from '../../../lib/auth/use-auth';
import { useUnreadCount } from '../api/unread-count';
import { useNotificationsLive } from '../hooks/use-notifications-live';
import { useDocumentTitleCount } from '../../../lib/document-title';
import { useFirstScreenDone } from '../../../lib/first-screen-gate';

// The quick list (its queries and rows) loads when the bell is first opened.
const NotificationPopover = lazy(() =>
  import('./notification-popover').then((m) => ({ default: m.NotificationPopover })),
);

/**
 * The top bar's bell: the unread count, live, and a quick list of the latest notifications that
 * opens over the page (the page and its side panel stay), with the way to the full centre.
 */
export function NotificationBell() {
  const { user } = useAuth();
  // The count is asked for once the page itself is up (lib/first-screen-gate).
  const firstScreenDone = useFirstScreenDone();
  const unread = useUnreadCount(Boolean(user) && firstScreenDone).data ?? 0;
  const [opened, setOpened] = useState(false);
  useNotificationsLive();
  // The tab's number is this one on every page (lib/document-title).
  useDocumentTitleCount(unread);
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="red"
      offset={6}
      disabled={unread === 0}
      data-testid="notification-badge"
      data-count={unread}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        offset={8}
        width={380}
        shadow="md"
        radius="md"
        withinPortal
        trapFocus
        returnFocus
        middlewares={{ flip: false, shift: { padding: 8 } }}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={notificationsKo.bell(unread)}
            data-testid="notification-bell"
            onClick={() => setOpened((open) => !open)}
          >
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 16px)" data-testid="notification-popover">
          {opened && (
            <Suspense
              fallback={
                <Center p="md" role="status" aria-label={ko.common.loading}>
                  <Loader size="sm" />
                </Center>
              }
            >
              <NotificationPopover unread={unread} onClose={() => setOpened(false)} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
