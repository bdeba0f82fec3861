import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import {
  webhookEndpoints,
  type CreatedOutgoingWebhook,
  type CreateOutgoingWebhook,
  type OutgoingWebhook,
  type UpdateOutgoingWebhook,
  type WebhookDelivery,
} from '@teamup/contracts/webhooks';
import { api } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/queries/my-workspaces';

export const outgoingWebhooksQueryKey = (workspaceId: number) =>
  [...workspacesQueryKey, workspaceId, 'webhooks'] as const;

export const webhookDeliveriesQueryKey = (workspaceId: number, webhookId: number) =>
  [...outgoingWebhooksQueryKey(workspaceId), webhookId, 'deliveries'] as const;

/** GET /workspaces/{id}/webhooks (owner, admins): the outgoing webhooks (never their secrets). */
export function useOutgoingWebhooks(workspaceId: number) {
  return useQuery({
    queryKey: outgoingWebhooksQueryKey(workspaceId),
    queryFn: ({ signal }) =>
      api.get<OutgoingWebhook[]>(pathOf(webhookEndpoints.listOutgoing, { id: workspaceId }), {
        signal,
      }),
  });
}

/** POST /workspaces/{id}/webhooks: a new webhook, its signing secret shown this once. */
export function useCreateOutgoingWebhook(workspaceId: number) {
  const queryClient = useQueryClient();
  const queryKey = outgoingWebhooksQueryKey(workspaceId);
  return useMutation({
    mutationFn: (input: CreateOutgoingWebhook) =>
      api.post<CreatedOutgoingWebhook>(
        pathOf(webhookEndpoints.createOutgoing, { id: workspaceId }),
        input,
      ),
    onSuccess: async ({ secret: _shownOnce, ...made }) => {
      queryClient.setQueryData<OutgoingWebhook[]>(queryKey, (hooks) => [...(hooks ?? []), made]);
      await queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });
}

/**
 * PATCH /workspaces/{id}/webhooks/{webhookId}: name, address, events or on/off. The change shows
 * at once (the switch must not lag) and is put back if the server refuses it.
 */
export function useUpdateOutgoingWebhook(workspaceId: number) {
  const queryClient = useQueryClient();
  const queryKey = outgoingWebhooksQueryKey(workspaceId);
  const replace = (id: number, change: (hook: OutgoingWebhook) => OutgoingWebhook) =>
    queryClient.setQueryData<OutgoingWebhook[]>(queryKey, (hooks) =>
      hooks?.map((hook) => (hook.id === id ? change(hook) : hook)),
    );
  return useMutation({
    mutationFn: ({ webhookId, patch }: { webhookId: number; patch: UpdateOutgoingWebhook }) =>
      api.patch<OutgoingWebhook>(
        pathOf(webhookEndpoints.updateOutgoing, { id: workspaceId, webhookId }),
        patch,
      ),
    onMutate: async ({ webhookId, patch }) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const before = queryClient.getQueryData<OutgoingWebhook[]>(queryKey);
      if (patch.enabled !== undefined) {
        const enabled = patch.enabled;
        replace(webhookId, (hook) => ({ ...hook, enabled }));
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: (saved) => replace(saved.id, () => saved),
  });
}

/** DELETE /workspaces/{id}/webhooks/{webhookId}: with its delivery log; pending tries dropped. */
export function useDeleteOutgoingWebhook(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) =>
      api.delete(pathOf(webhookEndpoints.deleteOutgoing, { id: workspaceId, webhookId })),
    onSuccess: (_answer, webhookId) => {
      queryClient.setQueryData<OutgoingWebhook[]>(outgoingWebhooksQueryKey(workspaceId), (hooks) =>
        hooks?.filter((hook) => hook.id !== webhookId),
      );
      queryClient.removeQueries({ queryKey: webhookDeliveriesQueryKey(workspaceId, webhookId) });
    },
  });
}

/** POST /workspaces/{id}/webhooks/{webhookId}/ping: a `ping` sent now, logged like any other. */
export function usePingOutgoingWebhook(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) =>
      api.post<WebhookDelivery>(
        pathOf(webhookEndpoints.pingOutgoing, { id: workspaceId, webhookId }),
      ),
    onSuccess: async (_delivery, webhookId) => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: webhookDeliveriesQueryKey(workspaceId, webhookId),
        }),
        queryClient.invalidateQueries({
          queryKey: outgoingWebhooksQueryKey(workspaceId),
          exact: true,
        }),
      ]);
    },
  });
}

/** GET /workspaces/{id}/webhooks/{webhookId}/deliveries: the last 50, newest first. */
export function useWebhookDeliveries(workspaceId: number, webhookId: number | null) {
  return useQuery({
    queryKey: webhookDeliveriesQueryKey(workspaceId, webhookId ?? 0),
    enabled: webhookId !== null,
    queryFn: ({ signal }) =>
      api.get<WebhookDelivery[]>(
        pathOf(webhookEndpoints.deliveries, { id: workspaceId, webhookId: webhookId ?? 0 }),
        { signal },
      ),
  });
}
