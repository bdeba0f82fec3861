import { useQuery } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/path-of';
import { notificationRoutes } from '../../../lib/first-load-endpoints';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './notifications';

export const unreadCountQueryKey = [...notificationsQueryKey, 'unread-count'] as const;

/** GET /notifications/unread-count: the bell's badge (kept current by live events). */
export function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return api
    .get<{ unreadCount: number }>(pathOf(notificationRoutes.unreadCount), { signal })
    .then((data) => data.unreadCount);
}

export function useUnreadCount(enabled: boolean) {
  return useQuery<number>({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled,
  });
}
