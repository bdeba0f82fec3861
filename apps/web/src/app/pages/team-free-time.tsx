import { useState } from 'react';
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirmAction } from '../../components/confirm-action';
import { FreeTimeTab } from '../../features/free-time/components/free-time-tab';
import { ScheduleFormModal } from '../../features/schedules/components/schedule-form-modal';
import {
  newScheduleValuesBetween,
  type ScheduleFormValues,
} from '../../features/schedules/lib/schedule-form';
import { freeTimeQueryKey } from '../../lib/queries/live-query-keys';

/**
 * The team's common free time tab, with the calendar's schedule form for "이 시간으로 일정
 * 만들기": the chosen range opens that form pre-filled (the same form as the calendar's).
 */
export function TeamFreeTime({ teamId }: { teamId: number }) {
  const queryClient = useQueryClient();
  const { confirm, confirmElement } = useConfirmAction({ stackId: 'free-time-confirm' });
  const [form, setForm] = useState<{ opened: boolean; values: ScheduleFormValues | null }>({
    opened: false,
    values: null,
  });

  return (
    <>
      <FreeTimeTab
        teamId={teamId}
        onCreateSchedule={({ startDate, endDate }) =>
          setForm({ opened: true, values: newScheduleValuesBetween(startDate, endDate) })
        }
      />
      {form.values && (
        <Modal.Stack>
          <ScheduleFormModal
            stackId="free-time-schedule-form"
            teamId={teamId}
            opened={form.opened}
            editing={null}
            initialValues={form.values}
            onClose={() => setForm((current) => ({ ...current, opened: false }))}
            // The new schedule is the team's busy time now.
            onSaved={() =>
              void queryClient.invalidateQueries({ queryKey: freeTimeQueryKey(teamId) })
            }
            confirm={confirm}
          />
          {confirmElement}
        </Modal.Stack>
      )}
    </>
  );
}
