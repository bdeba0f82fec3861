import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { InstanceStats } from '@teamup/contracts/admin';
import { adminKo } from '../../../i18n/ko/admin';
import { formatFileSize } from '../../../lib/file-size';
import { useAdminStats } from '../api/stats';
import { AdminLoadError } from './admin-states';

const t = adminKo.stats;

const number = (value: number) => value.toLocaleString('ko-KR');

function statCards(stats: InstanceStats): Array<{ key: string; label: string; value: string }> {
  const people = (value: number) => t.people(number(value));
  const count = (value: number) => t.count(number(value));
  return [
    { key: 'users-total', label: t.usersTotal, value: people(stats.users.total) },
    { key: 'users-active', label: t.usersActive, value: people(stats.users.active) },
    { key: 'users-deactivated', label: t.usersDeactivated, value: people(stats.users.deactivated) },
    { key: 'admins', label: t.admins, value: people(stats.users.admins) },
    { key: 'joined', label: t.joinedLast7Days, value: people(stats.users.joinedLast7Days) },
    { key: 'active', label: t.activeLast7Days, value: people(stats.users.activeLast7Days) },
    { key: 'workspaces', label: t.workspaces, value: count(stats.workspaces) },
    { key: 'teams', label: t.teams, value: count(stats.teams) },
    { key: 'messages', label: t.messagesLast7Days, value: count(stats.messagesLast7Days) },
    {
      key: 'files',
      label: t.files,
      value: t.filesValue(number(stats.files.count), formatFileSize(stats.files.bytes)),
    },
    { key: 'registration', label: t.registration, value: adminKo.policies[stats.registration] },
  ];
}

const grid = { base: 1, xs: 2, md: 3, lg: 4 } as const;

/** 개요: the instance's figures, one card each. */
export function AdminStats() {
  const stats = useAdminStats();
  if (stats.isPending) {
    return (
      <SimpleGrid cols={grid} aria-busy="true" aria-label={adminKo.loading}>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} h={76} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (stats.isError) {
    return (
      <AdminLoadError
        error={stats.error}
        fallback={t.loadFailed}
        onRetry={() => void stats.refetch()}
      />
    );
  }
  return (
    <SimpleGrid cols={grid} component="dl" m={0} aria-label={t.label} data-testid="admin-stats">
      {statCards(stats.data).map((card) => (
        // dl > div > dt + dd: each card is one term and its value.
        <Paper key={card.key} withBorder radius="md" p="md" data-testid={`admin-stat-${card.key}`}>
          <Text component="dt" size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text component="dd" m={0} mt={4} fw={700} fz="xl" style={{ overflowWrap: 'anywhere' }}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
