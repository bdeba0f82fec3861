import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import {
  pushEndpoints,
  type PushSubscriptionInfo,
  type PushSubscriptionInput,
} from '@teamup/contracts/push';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './notifications';

const pushDevicesQueryKey = [...notificationsQueryKey, 'push-devices'] as const;

/** GET /push/subscriptions: the caller's devices that receive pushes, newest first. */
export function usePushDevices() {
  return useQuery(
    queryOptions({
      queryKey: pushDevicesQueryKey,
      queryFn: ({ signal }) =>
        api.get<PushSubscriptionInfo[]>(pathOf(pushEndpoints.subscriptions), { signal }),
    }),
  );
}

/** GET /push/vapid-public-key: asked only when subscribing, never kept. */
export async function fetchVapidPublicKey(): Promise<string> {
  const { publicKey } = await api.get<{ publicKey: string }>(pathOf(pushEndpoints.vapidPublicKey));
  return publicKey;
}

/** POST /push/subscriptions with this browser's subscription. */
export function postPushSubscription(input: PushSubscriptionInput): Promise<PushSubscriptionInfo> {
  return api.post<PushSubscriptionInfo>(pathOf(pushEndpoints.subscribe), input);
}

/** DELETE /push/subscriptions/:id. */
export function deletePushSubscription(id: number): Promise<void> {
  return api.delete(pathOf(pushEndpoints.unsubscribe, { id }));
}

/** Removes one device from the list (another device's, or this one's from the list). */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePushSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDevicesQueryKey }),
  });
}

/** After this device subscribed or unsubscribed: the list is asked again. */
export function useRefreshPushDevices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pushDevicesQueryKey });
}
