import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarDue, IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { myTaskGroups, type MyTask, type MyTaskGroup } from '@teamup/contracts/my-tasks';
import { ErrorAlert } from '../../../components/error-alert';
import { Pagination } from '../../../components/pagination';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { kanbanKo } from '../../../i18n/ko/kanban';
import { myTasksKo } from '../../../i18n/ko/my-tasks';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useMyWorkspaces } from '../../../lib/queries/my-workspaces';
import { MY_TASK_PAGE_SIZE, useMyTasks, type MyTaskFilters } from '../api/my-tasks';
import { dueText } from '../lib/due-text';

const t = myTasksKo;

const groupColors: Record<MyTaskGroup, string> = {
  OVERDUE: 'red',
  TODAY: 'orange',
  THIS_WEEK: 'blue',
  LATER: 'gray',
  NO_DATE: 'gray',
};

/** 완료 / 승인 대기 / 반려됨, else the card's list (its status on the board). */
function StatusBadges({ task }: { task: MyTask }) {
  const state = task.done
    ? { text: t.status.done, color: 'teal' }
    : task.completionRequested
      ? { text: t.status.requested, color: 'blue' }
      : task.rejected
        ? { text: t.status.rejected, color: 'red' }
        : null;
  return (
    <Group gap={4} wrap="wrap">
      <Badge size="sm" variant="default" data-testid="my-task-list">
        {task.list.name}
      </Badge>
      {state && (
        <Badge size="sm" variant="light" color={state.color} data-testid="my-task-state">
          {state.text}
        </Badge>
      )}
    </Group>
  );
}

function TaskRow({ task, now }: { task: MyTask; now: Date }) {
  const due = task.deadline ? dueText(task.deadline, now, kanbanKo.dates) : t.noDeadline;
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="my-task" data-id={task.id}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
          <Anchor
            component={Link}
            to={routes.team.href(task.workspace.id, task.team.id, { tab: 'kanban', task: task.id })}
            fw={600}
            size="sm"
            c={task.done ? 'dimmed' : undefined}
            td={task.done ? 'line-through' : undefined}
            aria-label={t.open(task.subject, task.team.name)}
            style={{ overflowWrap: 'anywhere' }}
          >
            {task.subject}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {task.team.name} · {task.workspace.name}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Group gap={4} wrap="nowrap">
            <IconCalendarDue size={14} aria-hidden />
            <Text
              size="xs"
              c={!task.done && task.group === 'OVERDUE' ? 'red' : undefined}
              data-testid="my-task-due"
            >
              {due}
            </Text>
          </Group>
          <StatusBadges task={task} />
        </Stack>
      </Group>
    </Paper>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: MyTaskFilters;
  onChange: (next: MyTaskFilters) => void;
}) {
  const workspaces = useMyWorkspaces();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" role="group" aria-label={t.filters.label}>
      <Select
        label={t.filters.group}
        data={[
          { value: '', label: t.filters.allGroups },
          ...myTaskGroups.map((group) => ({ value: group, label: t.groups[group] })),
        ]}
        value={filters.group ?? ''}
        onChange={(value) => onChange({ ...filters, group: value ? value : null })}
        allowDeselect={false}
        w={{ base: '100%', xs: 160 }}
        data-testid="my-tasks-group-filter"
      />
      <Select
        label={t.filters.workspace}
        data={[
          { value: '', label: t.filters.allWorkspaces },
          ...(workspaces.data ?? []).map((workspace) => ({
            value: String(workspace.id),
            label: workspace.name,
          })),
        ]}
        value={filters.workspaceId === null ? '' : String(filters.workspaceId)}
        onChange={(value) => onChange({ ...filters, workspaceId: value ? Number(value) : null })}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
        data-testid="my-tasks-workspace-filter"
      />
      <Switch
        label={t.filters.includeDone}
        checked={filters.includeDone}
        onChange={(event) => onChange({ ...filters, includeDone: event.currentTarget.checked })}
        mb={8}
        data-testid="my-tasks-include-done"
      />
    </Group>
  );
}

/** The page's cards under their group headings, in the server's order. */
function Groups({ tasks }: { tasks: MyTask[] }) {
  const now = new Date();
  return (
    <Stack gap="lg">
      {myTaskGroups.map((group) => {
        const inGroup = tasks.filter((task) => task.group === group);
        if (inGroup.length === 0) return null;
        const headingId = `my-tasks-group-${group}`;
        return (
          <section key={group} aria-labelledby={headingId} data-testid="my-tasks-group">
            <Group gap="xs" mb="xs">
              <Title order={2} fz="md" id={headingId} c={groupColors[group]}>
                {t.groups[group]}
              </Title>
              <Badge size="sm" variant="light" color={groupColors[group]}>
                {t.groupCount(inGroup.length)}
              </Badge>
            </Group>
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {inGroup.map((task) => (
                <TaskRow key={task.id} task={task} now={now} />
              ))}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}

const noFilters: MyTaskFilters = { group: null, workspaceId: null, includeDone: false };

/** /my-tasks: the cards assigned to me in every team, grouped by when they are due (issue 44). */
export function MyTasksPage() {
  useDocumentTitle([t.title, ko.brand]);
  const [filters, setFilters] = useState<MyTaskFilters>(noFilters);
  const [page, setPage] = useState(0);
  const list = useMyTasks(filters, page);
  const filtered =
    filters.group !== null || filters.workspaceId !== null || filters.includeDone !== false;

  return (
    <Stack maw={880} mx="auto" gap="lg" data-testid="my-tasks-page">
      <Stack gap={4}>
        <Group gap="xs">
          <IconChecklist size={26} aria-hidden />
          <Title order={1} fz="h2">
            {t.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t.subtitle}
        </Text>
      </Stack>
      <Filters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      {list.isPending ? (
        <Center py="xl" data-testid="my-tasks-loading">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t.loading}
            </Text>
          </Group>
        </Center>
      ) : list.isError ? (
        <Stack gap="xs" align="flex-start">
          <ErrorAlert message={errorMessage(list.error, { fallback: t.loadFailed })} />
          <Button variant="default" onClick={() => void list.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      ) : list.data.totalElements === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="my-tasks-empty">
          <Stack gap={4} align="center">
            <Text fw={600}>{filtered ? t.emptyFiltered : t.empty}</Text>
            {!filtered && (
              <Text size="sm" c="dimmed" ta="center">
                {t.emptyHint}
              </Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="lg" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Groups tasks={list.data.content} />
          {list.data.totalElements > MY_TASK_PAGE_SIZE && (
            <Pagination
              page={page}
              pageSize={MY_TASK_PAGE_SIZE}
              totalElements={list.data.totalElements}
              onChange={setPage}
              disabled={list.isFetching}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
