import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import {
  webhookEndpoints,
  type CreatedIncomingWebhook,
  type IncomingWebhook,
} from '@teamup/contracts/webhooks';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

export const incomingWebhooksQueryKey = (room: RoomRef) =>
  ['chat', 'webhooks', room.workspaceId, room.roomId] as const;

/**
 * GET .../chat-rooms/{r}/webhooks (the room's creator, workspace owner and admins): the room's
 * incoming webhooks, while `enabled` (the dialog is open).
 */
export function useIncomingWebhooks(room: RoomRef, enabled: boolean) {
  return useQuery({
    queryKey: incomingWebhooksQueryKey(room),
    enabled,
    queryFn: ({ signal }) =>
      api.get<IncomingWebhook[]>(pathOf(webhookEndpoints.listIncoming, room), { signal }),
  });
}

/** POST .../chat-rooms/{r}/webhooks {name}: a new bot, its secret URL shown this once. */
export function useCreateIncomingWebhook(room: RoomRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post<CreatedIncomingWebhook>(pathOf(webhookEndpoints.createIncoming, room), { name }),
    onSuccess: ({ url: _shownOnce, ...made }) =>
      queryClient.setQueryData<IncomingWebhook[]>(incomingWebhooksQueryKey(room), (hooks) => [
        ...(hooks ?? []),
        made,
      ]),
  });
}

/** DELETE .../chat-rooms/{r}/webhooks/{id}: its URL stops working at once. */
export function useDeleteIncomingWebhook(room: RoomRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) =>
      api.delete(pathOf(webhookEndpoints.deleteIncoming, { ...room, webhookId })),
    onSuccess: (_answer, webhookId) =>
      queryClient.setQueryData<IncomingWebhook[]>(incomingWebhooksQueryKey(room), (hooks) =>
        hooks?.filter((hook) => hook.id !== webhookId),
      ),
  });
}
