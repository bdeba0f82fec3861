import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import type { OutgoingWebhook, WebhookDelivery } from '@teamup/contracts/webhooks';
import { ErrorAlert } from '../../../../components/error-alert';
import { webhooksKo } from '../../../../i18n/ko/webhooks';
import { formatDateTime } from '../../../../lib/dates';
import { errorMessage } from '../../../../lib/error-message';
import { useWebhookDeliveries } from '../../api/webhooks';
import { DeliveryStatusBadge } from './webhook-status';

const t = webhooksKo.outgoing;

/** Its place in the settings modal's Modal.Stack (see WorkspaceSettingsModal). */
export const WEBHOOK_LOG_STACK_ID = 'workspace-settings-webhook-log';
const PHONE_QUERY = '(max-width: 36em)';

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const times = [
    t.log.createdAt(formatDateTime(delivery.createdAt)),
    delivery.lastAttemptAt && t.log.lastAttempt(formatDateTime(delivery.lastAttemptAt)),
    delivery.nextAttemptAt && t.log.nextAttempt(formatDateTime(delivery.nextAttemptAt)),
  ].filter(Boolean);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="webhook-delivery"
      data-status={delivery.status}
    >
      <Stack gap={4}>
        <Group gap={6} wrap="wrap">
          <Badge size="sm" variant="outline" color="gray" tt="none" maw="100%">
            {delivery.event === 'ping' ? t.log.ping : t.form.events[delivery.event]}
          </Badge>
          <DeliveryStatusBadge status={delivery.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {[
            t.log.attempts(delivery.attempts),
            delivery.responseStatus === null
              ? t.log.noResponse
              : t.log.response(delivery.responseStatus),
          ].join(' · ')}
        </Text>
        {delivery.error && (
          <Text
            size="sm"
            c="red"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="webhook-delivery-error"
          >
            {delivery.error}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {times.join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}

function DeliveryLog({ workspaceId, webhookId }: { workspaceId: number; webhookId: number }) {
  const deliveries = useWebhookDeliveries(workspaceId, webhookId);
  return (
    <Stack gap="sm" data-testid="webhook-deliveries">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {t.log.latest}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconRefresh size={14} />}
          loading={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
          data-testid="webhook-deliveries-refresh"
        >
          {t.log.refresh}
        </Button>
      </Group>
      {deliveries.isPending ? (
        <Loader size="sm" role="status" aria-label={t.log.loading} />
      ) : deliveries.isError ? (
        <ErrorAlert message={errorMessage(deliveries.error, { fallback: t.log.loadFailed })} />
      ) : deliveries.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="webhook-deliveries-empty">
          {t.log.empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {deliveries.data.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** 전송 기록: a webhook's last deliveries, newest first, with a refresh (full screen on phones). */
export function WebhookDeliveriesModal({
  workspaceId,
  webhook,
  opened,
  onClose,
}: {
  workspaceId: number;
  /** Kept while the dialog closes, so its title does not blink away. */
  webhook: OutgoingWebhook | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Modal
      stackId={WEBHOOK_LOG_STACK_ID}
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {webhook ? t.log.title(webhook.name) : t.deliveries}
        </Text>
      }
      attributes={{ content: { 'data-testid': 'webhook-deliveries-modal' } }}
    >
      {opened && webhook && <DeliveryLog workspaceId={workspaceId} webhookId={webhook.id} />}
    </Modal>
  );
}
