import { Badge } from '@mantine/core';
import type { WebhookDelivery } from '@teamup/contracts/webhooks';
import { webhooksKo } from '../../../../i18n/ko/webhooks';

const statusColors: Record<WebhookDelivery['status'], string> = {
  DELIVERED: 'teal',
  FAILED: 'red',
  PENDING: 'yellow',
};

/** 성공 / 실패 / 대기 중: a delivery's outcome, in the list and the log alike. */
export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={statusColors[status]}
      tt="none"
      data-testid="webhook-delivery-status"
      data-status={status}
    >
      {webhooksKo.outgoing.status[status]}
    </Badge>
  );
}
