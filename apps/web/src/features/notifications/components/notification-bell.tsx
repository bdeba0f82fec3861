import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '../../../app/routes';
import { ko } from '../../../i18n/ko';
import { useAuth } from '../../auth/hooks/use-auth';
import { useUnreadCount } from '../api/unread-count';
import { useNotificationsLive } from '../hooks/use-notifications-live';

/** The top bar's bell: the unread count, live, and the way to the notification centre. */
export function NotificationBell() {
  const { user } = useAuth();
  const unread = useUnreadCount(Boolean(user)).data ?? 0;
  useNotificationsLive();
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
      <ActionIcon
        component={Link}
        to={routes.notifications.href()}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={ko.notifications.bell(unread)}
        data-testid="notification-bell"
      >
        <IconBell size={22} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
}
