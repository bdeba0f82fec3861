import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLiveEvents, useLiveResync } from '../../../lib/live/use-live';
import { putLiveData } from '../../../lib/queries/live-cache';
import { notificationsQueryKey } from '../api/notifications';
import { unreadCountQueryKey } from '../api/unread-count';
import { showBrowserNotification } from '../lib/browser-notifications';

/**
 * Keeps the bell and the centre current from live events: the badge takes the server's count,
 * the list is fetched again, and a browser notification shows while the tab is hidden.
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useLiveEvents((event) => {
    if (event.type !== 'NOTIFICATION_CREATED' && event.type !== 'NOTIFICATION_READ') return;
    putLiveData(queryClient, unreadCountQueryKey, event.unreadCount);
    void queryClient.invalidateQueries({ queryKey: [...notificationsQueryKey, 'list'] });
    if (event.type === 'NOTIFICATION_CREATED') {
      const { link, message } = event.notification;
      showBrowserNotification(message, () => void navigate(link));
    }
  });
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }));
}
