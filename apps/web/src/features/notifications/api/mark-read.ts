import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './notifications';

/** PATCH /notifications/{id}/read, or /notifications/read-all with `'ALL'`. */
export function markNotificationsRead(target: number | 'ALL'): Promise<void> {
  return api.patch<void>(
    target === 'ALL' ? '/notifications/read-all' : `/notifications/${target}/read`,
  );
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
