import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { notificationEndpoints } from '@teamup/contracts/notifications';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './notifications';

/** PATCH /notifications/{id}/read, or /notifications/read-all with `'ALL'`. */
export function markNotificationsRead(target: number | 'ALL'): Promise<void> {
  return api.patch<void>(
    target === 'ALL'
      ? pathOf(notificationEndpoints.readAll)
      : pathOf(notificationEndpoints.read, { id: target }),
  );
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
