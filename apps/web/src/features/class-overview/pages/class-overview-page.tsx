import { useMemo, useState } from 'react';
import {
  Button,
  Center,
  Chip,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSchool, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { ClassOverview, ClassOverviewTeam } from '@teamup/contracts/class-overview';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { classKo } from '../../../i18n/ko/class';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useClassOverview } from '../api/class-overview';
import { NudgeModal, type NudgeTarget } from '../components/nudge-modal';
import {
  EvaluationCell,
  InactiveCell,
  LastActivityCell,
  MeetingsCell,
  NudgeTeamButton,
  OverdueCell,
  ProgressCell,
  SortHeader,
  TeamLink,
} from '../components/overview-parts';
import {
  filterTeams,
  isFiltered,
  nextSort,
  noFilters,
  sortKeys,
  sortTeams,
  type OverviewFilters,
  type Sort,
  type SortKey,
} from '../lib/overview-table';
import { CardItem, CardLine, CardList } from '../../../components/card-list';

const t = classKo;

const sortLabels: Record<SortKey, string> = {
  name: t.sort.name,
  progress: t.sort.progress,
  overdue: t.sort.overdue,
  lastActivity: t.sort.lastActivity,
  inactive: t.sort.inactive,
  evaluation: t.sort.evaluation,
};

function Filters({
  filters,
  onChange,
}: {
  filters: OverviewFilters;
  onChange: (next: OverviewFilters) => void;
}) {
  return (
    <Stack gap="xs" role="group" aria-label={t.filters.label}>
      <TextInput
        label={t.filters.search}
        placeholder={t.filters.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        maw={{ base: '100%', sm: 320 }}
        data-testid="class-search"
      />
      <Group gap="xs" wrap="wrap">
        <Chip
          checked={filters.overdue}
          onChange={(checked) => onChange({ ...filters, overdue: checked })}
          data-testid="class-filter-overdue"
        >
          {t.filters.overdue}
        </Chip>
        <Chip
          checked={filters.inactive}
          onChange={(checked) => onChange({ ...filters, inactive: checked })}
          data-testid="class-filter-inactive"
        >
          {t.filters.inactive}
        </Chip>
        <Chip
          checked={filters.noMeeting}
          onChange={(checked) => onChange({ ...filters, noMeeting: checked })}
          data-testid="class-filter-no-meeting"
        >
          {t.filters.noMeeting}
        </Chip>
      </Group>
    </Stack>
  );
}

type RowProps = {
  workspaceId: number;
  teams: ClassOverviewTeam[];
  onNudge: (target: NudgeTarget) => void;
};

/** Wide screens: one row per team, sortable by its headers. */
function OverviewTable({
  workspaceId,
  teams,
  onNudge,
  sort,
  onSort,
}: RowProps & { sort: Sort; onSort: (key: SortKey) => void }) {
  const sortable = (column: SortKey, label: string) => (
    <Table.Th
      aria-sort={sort.key === column ? (sort.descending ? 'descending' : 'ascending') : undefined}
    >
      <SortHeader column={column} label={label} sort={sort} onSort={onSort} />
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="class-table">
        <Table.Thead>
          <Table.Tr>
            {sortable('name', t.columns.team)}
            <Table.Th>{t.columns.members}</Table.Th>
            {sortable('progress', t.columns.progress)}
            {sortable('overdue', t.columns.overdue)}
            {sortable('lastActivity', t.columns.lastActivity)}
            {sortable('inactive', t.columns.inactive)}
            <Table.Th>{t.columns.meetings}</Table.Th>
            {sortable('evaluation', t.columns.evaluation)}
            <Table.Th>{t.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((team) => (
            <Table.Tr key={team.id} data-testid="class-team" data-team-id={team.id}>
              <Table.Td>
                <Stack gap={2}>
                  <TeamLink workspaceId={workspaceId} team={team} />
                  <Text size="xs" c="dimmed">
                    {team.leader ? t.leader(team.leader.name) : t.noLeader}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={team.members.map((member) => member.name).join(', ')}>
                  {t.memberCount(team.members.length)}
                </Text>
              </Table.Td>
              <Table.Td>
                <ProgressCell team={team} />
              </Table.Td>
              <Table.Td>
                <OverdueCell team={team} />
              </Table.Td>
              <Table.Td>
                <LastActivityCell team={team} />
              </Table.Td>
              <Table.Td>
                <InactiveCell team={team} onNudge={onNudge} />
              </Table.Td>
              <Table.Td>
                <MeetingsCell team={team} />
              </Table.Td>
              <Table.Td>
                <EvaluationCell team={team} />
              </Table.Td>
              <Table.Td>
                <NudgeTeamButton team={team} onNudge={onNudge} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per team, sorted with the select above. */
function OverviewCards({ workspaceId, teams, onNudge }: RowProps) {
  return (
    <CardList>
      {teams.map((team) => (
        <CardItem key={team.id} data-testid="class-team" data-team-id={team.id}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <TeamLink workspaceId={workspaceId} team={team} />
                <Text size="xs" c="dimmed">
                  {team.leader ? t.leader(team.leader.name) : t.noLeader} ·{' '}
                  {t.memberCount(team.members.length)}
                </Text>
              </Stack>
              <NudgeTeamButton team={team} onNudge={onNudge} />
            </Group>
            <ProgressCell team={team} />
            <CardLine label={t.columns.overdue} align="flex-start">
              <OverdueCell team={team} />
            </CardLine>
            <CardLine label={t.columns.lastActivity} align="flex-start">
              <LastActivityCell team={team} />
            </CardLine>
            <CardLine label={t.columns.inactive} align="flex-start">
              <InactiveCell team={team} onNudge={onNudge} />
            </CardLine>
            <CardLine label={t.columns.meetings} align="flex-start">
              <MeetingsCell team={team} />
            </CardLine>
            <CardLine label={t.columns.evaluation} align="flex-start">
              <EvaluationCell team={team} />
            </CardLine>
          </Stack>
        </CardItem>
      ))}
    </CardList>
  );
}

function SortSelect({ sort, onChange }: { sort: Sort; onChange: (sort: Sort) => void }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label={t.sort.label}
        data={sortKeys.map((key) => ({ value: key, label: sortLabels[key] }))}
        value={sort.key}
        onChange={(value) =>
          value && onChange(nextSort({ key: sort.key, descending: false }, value))
        }
        allowDeselect={false}
        style={{ flex: 1 }}
        data-testid="class-sort-select"
      />
      <Button
        variant="default"
        onClick={() => onChange({ ...sort, descending: !sort.descending })}
        leftSection={
          sort.descending ? (
            <IconSortDescending size={16} aria-hidden />
          ) : (
            <IconSortAscending size={16} aria-hidden />
          )
        }
        data-testid="class-sort-direction"
      >
        {sort.descending ? t.sort.descending : t.sort.ascending}
      </Button>
    </Group>
  );
}

function Overview({ workspaceId, overview }: { workspaceId: number; overview: ClassOverview }) {
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [filters, setFilters] = useState<OverviewFilters>(noFilters);
  const [sort, setSort] = useState<Sort>({ key: 'name', descending: false });
  const [target, setTarget] = useState<NudgeTarget | null>(null);
  const teams = useMemo(
    () => sortTeams(filterTeams(overview.teams, filters), sort),
    [overview.teams, filters, sort],
  );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.subtitle(overview.teams.length, overview.weekStart)}
        {' · '}
        {overview.round ? t.round(overview.round.title) : t.noRound}
      </Text>
      {overview.teams.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="class-empty">
          <Stack gap={4} align="center">
            <Text fw={600}>{t.empty}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t.emptyHint}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <Filters filters={filters} onChange={setFilters} />
          {!wide && <SortSelect sort={sort} onChange={setSort} />}
          {teams.length === 0 ? (
            <Paper withBorder radius="md" p="xl" data-testid="class-empty-filtered">
              <Stack gap="xs" align="center">
                <Text fw={600}>{t.emptyFiltered}</Text>
                {isFiltered(filters) && (
                  <Button variant="default" onClick={() => setFilters(noFilters)}>
                    {t.clearFilters}
                  </Button>
                )}
              </Stack>
            </Paper>
          ) : wide ? (
            <OverviewTable
              workspaceId={workspaceId}
              teams={teams}
              onNudge={setTarget}
              sort={sort}
              onSort={(key) => setSort((current) => nextSort(current, key))}
            />
          ) : (
            <OverviewCards workspaceId={workspaceId} teams={teams} onNudge={setTarget} />
          )}
        </>
      )}
      <NudgeModal workspaceId={workspaceId} target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

/** /ws/:workspaceId/class: "수업 현황", every team of a class for its instructors and TAs. */
export function ClassOverviewPage() {
  useDocumentTitle([t.title, ko.brand]);
  const workspaceId = Number(useParams().workspaceId);
  const overview = useClassOverview(workspaceId);

  return (
    <Stack maw={1400} mx="auto" gap="lg" w="100%" data-testid="class-overview-page">
      <Group gap="xs">
        <IconSchool size={26} aria-hidden />
        <Title order={1} fz="h2">
          {t.title}
        </Title>
      </Group>
      {overview.isPending ? (
        <Center py="xl" data-testid="class-loading">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t.loading}
            </Text>
          </Group>
        </Center>
      ) : overview.isError ? (
        <Stack gap="xs" align="flex-start" data-testid="class-error">
          <ErrorAlert message={errorMessage(overview.error, { fallback: t.loadFailed })} />
          <Button variant="default" onClick={() => void overview.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      ) : (
        <Overview workspaceId={workspaceId} overview={overview.data} />
      )}
    </Stack>
  );
}
