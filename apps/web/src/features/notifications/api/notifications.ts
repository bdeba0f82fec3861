import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@teamup/contracts/common';
import type { Notification } from '@teamup/contracts/notifications';
import { pathOf } from '@teamup/contracts/path-of';
import { notificationRoutes } from '../../../lib/first-load-endpoints';
import { api } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;
export const NOTIFICATION_PAGE_SIZE = 20;

/** GET /notifications?page&size: newest first. */
export function notificationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'list', page],
    queryFn: ({ signal }) =>
      api.get<Page<Notification>>(pathOf(notificationRoutes.list), {
        query: { page, size: NOTIFICATION_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(page: number) {
  return useQuery(notificationsQueryOptions(page));
}
