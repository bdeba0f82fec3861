import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { ScheduleMessages, type Schedule } from '@teamup/contracts/schedules';
import { useConfirmAction } from '../../../components/confirm-action';
import { ko } from '../../../i18n/ko';
import { calendarKo } from '../../../i18n/ko/calendar';
import { parseRouteId } from '../../../lib/route-id';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useScheduleRange } from '../api/schedule-range';
import {
  dayKeyOf,
  gridRange,
  monthGrid,
  monthOf,
  sameMonth,
  shiftMonth,
  type CalendarMonth,
} from '../lib/month-grid';
import { canManageSchedule } from '../lib/schedule-access';
import { scheduleErrorMessage } from '../lib/schedule-errors';
import { newScheduleValues, scheduleValues, type ScheduleFormValues } from '../lib/schedule-form';
import { scheduleKey, schedulesOnDay } from '../lib/week-layout';
import { useHolidays } from '../lib/holidays';
import { OccurrenceScopeDialog, type ScopeRequest } from './occurrence-scope-dialog';
import { CalendarGrid } from './calendar-grid';
import { CalendarHeader, type CalendarView } from './calendar-header';
import { CalendarLoadError } from './calendar-load-error';
import { DaySchedulesModal } from './day-schedules-modal';
import { ScheduleDetailModal } from './schedule-detail-modal';
import { ScheduleFormModal } from './schedule-form-modal';
import { ScheduleList } from './schedule-list';
import { ScheduleLegend } from './schedule-type-badge';
import { useTeamReadOnly } from '../../../lib/team-read-only';

interface CalendarTabProps {
  teamId: number;
  /** The team leader may edit and delete every schedule of the team. */
  leaderId: number | undefined;
  /** The signed-in user: edit and delete are shown on their own schedules (and to the leader). */
  userId: number | undefined;
}

interface FormState {
  opened: boolean;
  editing: Schedule | null;
  values: ScheduleFormValues;
}

/**
 * The calendar tab (spec 02 section 2): a month of 42 days with the team's schedules, create on
 * a day, detail with edit and delete for the creator and the leader. The modals form one stack
 * (day list, detail, form, confirm), so Escape closes only the top one.
 */
/** The address parameter of an event to open (where a reminder's notice leads). */
const SCHEDULE_PARAM = 'schedule';

export function CalendarTab({ teamId, leaderId, userId }: CalendarTabProps) {
  const readOnly = useTeamReadOnly();
  const todayKey = dayKeyOf(dayjs());
  const [view, setView] = useState<CalendarView>('month');
  const [month, setMonth] = useState<CalendarMonth>(() => monthOf(todayKey));
  const [focusKey, setFocusKey] = useState(todayKey);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [detail, setDetail] = useState<{ opened: boolean; schedule: Schedule | null }>({
    opened: false,
    schedule: null,
  });
  const [form, setForm] = useState<FormState>({
    opened: false,
    editing: null,
    values: newScheduleValues(todayKey),
  });
  const remove = useDeleteSchedule();
  const [scopeRequest, setScopeRequest] = useState<ScopeRequest | null>(null);
  const { confirm, confirmElement } = useConfirmAction({ stackId: 'schedule-confirm' });

  const days = monthGrid(month);
  const range = useScheduleRange({ teamId, ...gridRange(month) });
  const schedules = range.data ?? [];
  const holidays = useHolidays(days);
  // The day Tab reaches: the one moved to, else today in this month, else the 1st.
  const tabbableKey = days.some((day) => day.key === focusKey)
    ? focusKey
    : sameMonth(month, monthOf(todayKey))
      ? todayKey
      : (days.find((day) => day.inMonth)?.key ?? focusKey);

  const showMonth = (next: CalendarMonth) => setMonth(next);
  const handleFocusDay = (day: string) => {
    setFocusKey(day);
    if (!days.some((cell) => cell.key === day)) showMonth(monthOf(day));
  };
  const handleToday = () => {
    showMonth(monthOf(todayKey));
    setFocusKey(todayKey);
  };

  const openCreate = (day: string) => {
    setFocusKey(day);
    if (readOnly) return;
    setForm({ opened: true, editing: null, values: newScheduleValues(day) });
  };
  const openEdit = (schedule: Schedule) =>
    setForm({ opened: true, editing: schedule, values: scheduleValues(schedule) });
  const openDetail = (schedule: Schedule) => setDetail({ opened: true, schedule });
  // `&schedule=12` in the address (a reminder's notice) opens that event once the month that
  // holds it is loaded; closing it takes it out of the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = parseRouteId(searchParams.get(SCHEDULE_PARAM) ?? undefined);
  const linked =
    linkedId === null ? undefined : schedules.find((schedule) => schedule.id === linkedId);
  const closeDetail = () => {
    setDetail((current) => ({ ...current, opened: false }));
    if (linkedId === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SCHEDULE_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  const handleSaved = (saved: Schedule) => {
    // The detail under the form shows what was just saved.
    setDetail((current) =>
      current.schedule && scheduleKey(current.schedule) === scheduleKey(saved)
        ? { ...current, schedule: saved }
        : current,
    );
  };

  const removeSchedule = (
    schedule: Schedule,
    scope?: Parameters<typeof remove.mutate>[0]['scope'],
  ) =>
    remove.mutate(
      { teamId, scheduleId: schedule.id, scope },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: calendarKo.deleted });
          closeDetail();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: scheduleErrorMessage(error, calendarKo.deleteFailed),
          }),
      },
    );

  const handleDelete = (schedule: Schedule) => {
    const occurrence = schedule.occurrenceStart;
    if (schedule.seriesId !== null && occurrence) {
      // An occurrence of a series: the scope dialog asks, its 삭제 is the confirmation.
      setScopeRequest({
        action: 'delete',
        onChoose: (scope) => removeSchedule(schedule, { scope, occurrence }),
      });
      return;
    }
    confirm({
      title: calendarKo.deleteTitle,
      message: calendarKo.deleteConfirm(schedule.title),
      confirmLabel: calendarKo.detail.delete,
      onConfirm: () => removeSchedule(schedule),
    });
  };

  // The detail follows the latest answer (another member may have changed it).
  const detailKey = detail.schedule ? scheduleKey(detail.schedule) : null;
  const shownDetail =
    schedules.find((schedule) => scheduleKey(schedule) === detailKey) ??
    detail.schedule ??
    linked ??
    null;

  const renderBody = () => {
    if (range.isError) {
      return (
        <CalendarLoadError
          message={ScheduleMessages.loadFailed}
          onRetry={() => void range.refetch()}
          retrying={range.isFetching}
        />
      );
    }
    return (
      <CalendarGrid
        days={days}
        label={calendarKo.gridLabel(month.year, month.month + 1)}
        schedules={schedules}
        holidays={holidays}
        todayKey={todayKey}
        focusKey={tabbableKey}
        loading={range.isPending}
        busy={range.isPlaceholderData}
        onFocusDay={handleFocusDay}
        onCreate={openCreate}
        onOpenSchedule={openDetail}
        onOpenDay={setOpenDay}
      />
    );
  };

  const empty = range.isSuccess && !range.isPlaceholderData && schedules.length === 0;

  return (
    <Stack gap="sm" data-testid="team-panel-calendar">
      <CalendarHeader
        month={month}
        view={view}
        onViewChange={setView}
        onPrevious={() => showMonth(shiftMonth(month, -1))}
        onNext={() => showMonth(shiftMonth(month, 1))}
        onToday={handleToday}
        onAdd={readOnly ? undefined : () => openCreate(tabbableKey)}
      />
      {view === 'list' ? (
        <ScheduleList teamId={teamId} onOpenSchedule={openDetail} />
      ) : (
        <>
          {/* The grid shows grey lines in its cells meanwhile; this tells screen readers. */}
          {range.isPending && (
            <VisuallyHidden role="status" data-testid="calendar-loading">
              {ko.common.loading}
            </VisuallyHidden>
          )}
          {renderBody()}
          {/* Under the grid, so an empty month sits where a full one does (it fits the screen). */}
          {empty && (
            <Text size="sm" c="dimmed" data-testid="calendar-empty">
              {calendarKo.emptyHint}
            </Text>
          )}
          <ScheduleLegend />
        </>
      )}
      <Modal.Stack>
        <DaySchedulesModal
          stackId="calendar-day"
          day={openDay}
          schedules={openDay ? schedulesOnDay(schedules, openDay) : []}
          onClose={() => setOpenDay(null)}
          onOpenSchedule={openDetail}
          onCreate={openCreate}
        />
        <ScheduleDetailModal
          stackId="schedule-detail"
          opened={detail.opened || (detail.schedule === null && linked !== undefined)}
          schedule={shownDetail}
          canManage={shownDetail !== null && canManageSchedule(shownDetail, userId, leaderId)}
          deleting={remove.isPending}
          onClose={closeDetail}
          onEdit={openEdit}
          onDelete={handleDelete}
        />
        <ScheduleFormModal
          stackId="schedule-form"
          teamId={teamId}
          opened={form.opened}
          editing={form.editing}
          initialValues={form.values}
          onClose={() => setForm((current) => ({ ...current, opened: false }))}
          onSaved={handleSaved}
          confirm={confirm}
          askScope={setScopeRequest}
        />
        <OccurrenceScopeDialog
          stackId="schedule-scope"
          request={scopeRequest}
          onClose={() => setScopeRequest(null)}
        />
        {confirmElement}
      </Modal.Stack>
    </Stack>
  );
}
