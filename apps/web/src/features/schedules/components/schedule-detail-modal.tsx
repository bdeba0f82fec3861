import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Schedule } from '@teamup/contracts/schedules';
import { ko } from '../../../i18n/ko';
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
          </Group>
          <Field label={ko.calendar.detail.time}>
            <Text size="sm" data-testid="schedule-detail-time">
              {formatScheduleRange(schedule)}
            </Text>
          </Field>
          <Field label={ko.calendar.detail.description}>
            <Text
              size="sm"
              c={schedule.scheduleDesc ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {schedule.scheduleDesc || ko.calendar.detail.noDescription}
            </Text>
          </Field>
          <Field label={ko.calendar.detail.creator}>
            <Text size="sm" data-testid="schedule-detail-creator">
              {schedule.creatorName}
            </Text>
          </Field>
          {canManage && (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => onEdit(schedule)}
                data-testid="schedule-edit"
              >
                {ko.calendar.detail.edit}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => onDelete(schedule)}
                loading={deleting}
                data-testid="schedule-delete"
              >
                {ko.calendar.detail.delete}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
