import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@teamup/contracts/notifications';
import { pathOf } from '@teamup/contracts/endpoint';
import { notificationEndpoints } from '@teamup/contracts/notifications';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './notifications';

const preferencesQueryKey = [...notificationsQueryKey, 'preferences'] as const;

/** GET /notifications/preferences: every kind with whether it is on. */
export function usePreferences() {
  return useQuery(
    queryOptions({
      queryKey: preferencesQueryKey,
      queryFn: ({ signal }) =>
        api.get<NotificationPreferences>(pathOf(notificationEndpoints.preferences), { signal }),
    }),
  );
}

/** PUT /notifications/preferences with the kinds that change. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<NotificationPreferences>) =>
      api.put<NotificationPreferences>(pathOf(notificationEndpoints.updatePreferences), changes),
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryKey, preferences),
  });
}
