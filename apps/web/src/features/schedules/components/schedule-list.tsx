import { useState } from 'react';
import { Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { Limits } from '@teamup/contracts/limits';
import { ScheduleMessages, type Schedule } from '@teamup/contracts/schedules';
import { Pagination } from '../../../components/pagination';
import { ko } from '../../../i18n/ko';
import { calendarKo } from '../../../i18n/ko/calendar';
import { useTeamSchedules } from '../api/team-schedules';
import { formatScheduleRange } from '../lib/schedule-time';
import { scheduleKey } from '../lib/week-layout';
import { CalendarLoadError } from './calendar-load-error';
import { ScheduleTypeBadge, ScheduleTypeSwatch } from './schedule-type-badge';

interface ScheduleListProps {
  teamId: number;
  onOpenSchedule: (schedule: Schedule) => void;
}

/**
 * Every schedule of the team by start time, 20 a page (GET /teams/{t}/schedules): the titles a
 * narrow month grid has no room for.
 */
export function ScheduleList({ teamId, onOpenSchedule }: ScheduleListProps) {
  const [page, setPage] = useState(0);
  const list = useTeamSchedules({ teamId, page });

  if (list.isPending) {
    return (
      <Stack
        gap="xs"
        role="status"
        aria-label={ko.common.loading}
        data-testid="schedule-list-loading"
      >
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={58} radius="md" />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <CalendarLoadError
        message={ScheduleMessages.loadFailed}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const { content, totalElements } = list.data;
  // The list shrank elsewhere and this page is gone: show the last one there is.
  if (!list.isPlaceholderData && page > 0 && content.length === 0) {
    setPage(Math.max(0, list.data.totalPages - 1));
  }
  if (totalElements === 0) {
    return (
      <Paper withBorder radius="md" p="lg" ta="center" data-testid="schedule-list-empty">
        <Text fw={600}>{calendarKo.listEmpty}</Text>
        <Text size="sm" c="dimmed">
          {calendarKo.emptyHint}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        aria-label={calendarKo.listLabel}
        aria-busy={list.isPlaceholderData}
        data-testid="schedule-list"
      >
        {content.map((schedule) => (
          <li key={scheduleKey(schedule)}>
            <UnstyledButton
              w="100%"
              onClick={() => onOpenSchedule(schedule)}
              data-testid="schedule-list-item"
              data-schedule-id={schedule.id}
            >
              <Paper withBorder radius="md" p="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <span style={{ paddingTop: 6 }}>
                    <ScheduleTypeSwatch type={schedule.type} />
                  </span>
                  <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Text size="sm" fw={600} truncate>
                        {schedule.title}
                      </Text>
                      <ScheduleTypeBadge type={schedule.type} />
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatScheduleRange(schedule)} ·{' '}
                      <span style={{ whiteSpace: 'nowrap' }}>{schedule.creatorName}</span>
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      <Pagination
        page={page}
        pageSize={Limits.schedulePageSize}
        totalElements={totalElements}
        onChange={setPage}
        disabled={list.isPlaceholderData}
      />
    </Stack>
  );
}
