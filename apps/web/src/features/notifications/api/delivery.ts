import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveryEndpoints, type DeliverySettings } from '@teamup/contracts/delivery';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './notifications';

const deliveryQueryKey = [...notificationsQueryKey, 'delivery'] as const;

/** GET /notifications/delivery: the digest mail and quiet hours of the caller. */
export function useDeliverySettings() {
  return useQuery(
    queryOptions({
      queryKey: deliveryQueryKey,
      queryFn: ({ signal }) =>
        api.get<DeliverySettings>(pathOf(deliveryEndpoints.settings), { signal }),
    }),
  );
}

/** PUT /notifications/delivery with the whole of the settings. */
export function useUpdateDeliverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DeliverySettings) =>
      api.put<DeliverySettings>(pathOf(deliveryEndpoints.updateSettings), settings),
    onSuccess: (settings) => queryClient.setQueryData(deliveryQueryKey, settings),
  });
}
