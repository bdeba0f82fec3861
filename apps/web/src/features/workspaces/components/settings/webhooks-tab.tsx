import { useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconHistory, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import type { Workspace } from '@teamup/contracts/workspaces';
import { WebhookLimits, type OutgoingWebhook } from '@teamup/contracts/webhooks';
import { ErrorAlert } from '../../../../components/error-alert';
import { webhooksKo } from '../../../../i18n/ko/webhooks';
import { formatDateTime, formatRelative } from '../../../../lib/dates';
import { errorMessage } from '../../../../lib/error-message';
import {
  useDeleteOutgoingWebhook,
  useOutgoingWebhooks,
  usePingOutgoingWebhook,
  useUpdateOutgoingWebhook,
} from '../../api/webhooks';
import { showSettingsToast } from '../../lib/settings-toast';
import { useConfirmAction } from './confirm-action';
import { WebhookDeliveriesModal } from './webhook-deliveries-modal';
import { WebhookFormModal } from './webhook-form-modal';
import { DeliveryStatusBadge } from './webhook-status';

const t = webhooksKo.outgoing;

interface WebhookRowProps {
  webhook: OutgoingWebhook;
  pinging: boolean;
  onToggle: (enabled: boolean) => void;
  onPing: () => void;
  onShowLog: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One webhook: name, address (cut short, whole in its title), events, on/off, how its last
 * delivery went, and its actions. Everything wraps: at 360 px the row only grows taller.
 */
function WebhookRow({
  webhook,
  pinging,
  onToggle,
  onPing,
  onShowLog,
  onEdit,
  onDelete,
}: WebhookRowProps) {
  const last = webhook.lastDelivery;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="webhook-row"
      data-webhook-id={webhook.id}
      data-enabled={webhook.enabled ? 'true' : 'false'}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {webhook.name}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              ff="monospace"
              truncate="end"
              title={webhook.url}
              data-testid="webhook-url-text"
            >
              {webhook.url}
            </Text>
          </Stack>
          <Switch
            checked={webhook.enabled}
            onChange={(event) => onToggle(event.currentTarget.checked)}
            aria-label={t.enabledLabel(webhook.name)}
            data-testid="webhook-enabled"
            style={{ flexShrink: 0 }}
          />
        </Group>
        <Group gap={4} wrap="wrap">
          {webhook.events.map((event) => (
            <Badge key={event} size="sm" variant="light" tt="none" maw="100%">
              {t.form.events[event]}
            </Badge>
          ))}
        </Group>
        <Group gap={6} wrap="wrap" data-testid="webhook-last-delivery">
          {!webhook.enabled && (
            <Badge size="sm" variant="light" color="gray" tt="none">
              {t.off}
            </Badge>
          )}
          {last ? (
            <>
              <DeliveryStatusBadge status={last.status} />
              <Text size="xs" c="dimmed" title={formatDateTime(last.at)}>
                {formatRelative(last.at)}
              </Text>
            </>
          ) : (
            <Text size="xs" c="dimmed">
              {t.noDelivery}
            </Text>
          )}
        </Group>
        <Group gap={6} wrap="wrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconSend size={14} />}
            loading={pinging}
            onClick={onPing}
            aria-label={t.actionOf(webhook.name, t.ping)}
            data-testid="webhook-ping"
          >
            {t.ping}
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconHistory size={14} />}
            onClick={onShowLog}
            aria-label={t.actionOf(webhook.name, t.deliveries)}
            data-testid="webhook-log"
          >
            {t.deliveries}
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            aria-label={t.actionOf(webhook.name, t.edit)}
            data-testid="webhook-edit"
          >
            {t.edit}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
            aria-label={t.actionOf(webhook.name, t.delete)}
            data-testid="webhook-delete"
          >
            {t.delete}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Owner and admins: the workspace's outgoing webhooks (issue 46). Each can be turned off and on,
 * tried with a `ping`, its deliveries read, edited and deleted; a new one shows its signing
 * secret once.
 */
export function WebhooksTab({ workspace }: { workspace: Workspace }) {
  const webhooks = useOutgoingWebhooks(workspace.id);
  const update = useUpdateOutgoingWebhook(workspace.id);
  const ping = usePingOutgoingWebhook(workspace.id);
  const remove = useDeleteOutgoingWebhook(workspace.id);
  const { confirm, confirmElement } = useConfirmAction();
  const [form, setForm] = useState<{ opened: boolean; editing: OutgoingWebhook | null }>({
    opened: false,
    editing: null,
  });
  const [log, setLog] = useState<{ opened: boolean; webhook: OutgoingWebhook | null }>({
    opened: false,
    webhook: null,
  });
  const failed = (error: unknown) =>
    showSettingsToast({ color: 'red', message: errorMessage(error, { fallback: t.actionFailed }) });

  const toggle = (webhook: OutgoingWebhook, enabled: boolean) =>
    update.mutate(
      { webhookId: webhook.id, patch: { enabled } },
      {
        onSuccess: () =>
          showSettingsToast({
            color: 'teal',
            message: enabled ? t.turnedOn(webhook.name) : t.turnedOff(webhook.name),
          }),
        onError: failed,
      },
    );

  const sendPing = (webhook: OutgoingWebhook) =>
    ping.mutate(webhook.id, {
      onSuccess: () => {
        showSettingsToast({ color: 'teal', message: t.pinged });
        setLog({ opened: true, webhook });
      },
      onError: (error) =>
        showSettingsToast({
          color: 'red',
          message: errorMessage(error, { fallback: t.pingFailed }),
        }),
    });

  const confirmDelete = (webhook: OutgoingWebhook) =>
    confirm({
      title: t.deleteTitle,
      message: t.deleteConfirm(webhook.name),
      confirmLabel: t.delete,
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => showSettingsToast({ color: 'teal', message: t.deleted }),
          onError: failed,
        }),
    });

  if (webhooks.isPending) return <Loader size="sm" role="status" aria-label={t.loading} />;
  if (webhooks.isError) {
    return <ErrorAlert message={errorMessage(webhooks.error, { fallback: t.loadFailed })} />;
  }
  const atLimit = webhooks.data.length >= WebhookLimits.outgoingPerWorkspace;
  return (
    <Stack gap="sm" data-testid="webhooks-tab">
      <Text size="sm">{t.hint}</Text>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" data-testid="webhooks-count">
          {t.count(webhooks.data.length)}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={atLimit}
          onClick={() => setForm({ opened: true, editing: null })}
          data-testid="webhook-add"
        >
          {t.add}
        </Button>
      </Group>
      {atLimit && (
        <Text size="sm" c="dimmed" data-testid="webhooks-limit">
          {t.limit}
        </Text>
      )}
      {webhooks.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="webhooks-empty">
          {t.empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {webhooks.data.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              pinging={ping.isPending && ping.variables === webhook.id}
              onToggle={(enabled) => toggle(webhook, enabled)}
              onPing={() => sendPing(webhook)}
              onShowLog={() => setLog({ opened: true, webhook })}
              onEdit={() => setForm({ opened: true, editing: webhook })}
              onDelete={() => confirmDelete(webhook)}
            />
          ))}
        </Stack>
      )}
      <WebhookFormModal
        workspaceId={workspace.id}
        opened={form.opened}
        editing={form.editing}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <WebhookDeliveriesModal
        workspaceId={workspace.id}
        webhook={log.webhook}
        opened={log.opened}
        onClose={() => setLog((current) => ({ ...current, opened: false }))}
      />
      {confirmElement}
    </Stack>
  );
}
