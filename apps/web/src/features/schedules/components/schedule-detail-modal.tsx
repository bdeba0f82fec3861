import type { ReactNode } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarDown, IconPencil, IconRepeat, IconTrash } from '@tabler/icons-react';
import type { Schedule } from '@teamup/contracts/schedules';
import { calendarFeedKo } from '../../../i18n/ko/calendar-feed';
import { errorMessage } from '../../../lib/error-message';
import { useDownloadScheduleIcs } from '../api/schedule-ics';
import { calendarKo } from '../../../i18n/ko/calendar';
import { formatScheduleRange } from '../lib/schedule-time';
import { ScheduleTypeBadge } from './schedule-type-badge';

interface ScheduleDetailModalProps {
  opened: boolean;
  /** Kept while the modal closes, so its content does not vanish during the transition. */
  schedule: Schedule | null;
  /** Edit and delete are offered to its creator and the team leader only. */
  canManage: boolean;
  deleting: boolean;
  onClose: () => void;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
  stackId: string;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Saves the event as an .ics file another calendar app can import (issue 44). */
function IcsButton({ scheduleId }: { scheduleId: number }) {
  const download = useDownloadScheduleIcs();
  return (
    <Button
      variant="subtle"
      leftSection={<IconCalendarDown size={16} />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(scheduleId, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, { fallback: calendarFeedKo.exportFailed }),
            }),
        })
      }
      data-testid="schedule-export-ics"
    >
      {calendarFeedKo.exportEvent}
    </Button>
  );
}

/** One schedule: type, time range, description and creator; edit and delete for the permitted. */
export function ScheduleDetailModal({
  opened,
  schedule,
  canManage,
  deleting,
  onClose,
  onEdit,
  onDelete,
  stackId,
}: ScheduleDetailModalProps) {
  return (
    <Modal
      stackId={stackId}
      opened={opened}
      onClose={onClose}
      title={schedule?.title}
      centered
      size="md"
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
      attributes={{ content: { 'data-testid': 'schedule-detail' } }}
    >
      {schedule && (
        <Stack gap="md">
          <Group gap="xs">
            <ScheduleTypeBadge type={schedule.type} />
            {schedule.seriesId !== null && (
              <Badge
                variant="light"
                color="gray"
                leftSection={<IconRepeat size={12} aria-hidden />}
                data-testid="schedule-detail-repeats"
              >
                {calendarKo.recurrence.repeats}
              </Badge>
            )}
          </Group>
          <Field label={calendarKo.detail.time}>
            <Text size="sm" data-testid="schedule-detail-time">
              {formatScheduleRange(schedule)}
            </Text>
          </Field>
          <Field label={calendarKo.detail.description}>
            <Text
              size="sm"
              c={schedule.scheduleDesc ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {schedule.scheduleDesc || calendarKo.detail.noDescription}
            </Text>
          </Field>
          <Field label={calendarKo.detail.creator}>
            <Text size="sm" data-testid="schedule-detail-creator">
              {schedule.creatorName}
            </Text>
          </Field>
          <Group justify="flex-start">
            <IcsButton scheduleId={schedule.id} />
          </Group>
          {canManage && (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => onEdit(schedule)}
                data-testid="schedule-edit"
              >
                {calendarKo.detail.edit}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => onDelete(schedule)}
                loading={deleting}
                data-testid="schedule-delete"
              >
                {calendarKo.detail.delete}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
